// A worker thread that runs the sampling ffmpeg and cuts its stdout into frames, so the pipe is
// emptied while the main thread runs the face detector.
// NOTE: on the main thread the pipe was read only between detections: ffmpeg blocked on a full
// pipe (a frame is ~250 KB, a pipe holds 64 KB) and decoding and detecting took turns instead of
// sharing the two cores.
import { parentPort, workerData } from 'node:worker_threads';
import { streamFfmpeg } from '../media/ffmpeg-runner.ts';
import { EngineError } from '../types.ts';
import type { FrameReaderData, FrameReaderReply, FrameReaderRequest } from './sample-frames.ts';

const port = parentPort!;
const { args, frameBytes, ahead } = workerData as FrameReaderData;
const stream = streamFfmpeg(args);
let unread = 0;
let paused = false;

const send = (reply: FrameReaderReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(reply, transfer);

port.on('message', (request: FrameReaderRequest) => {
  if (request.type === 'stop') {
    // NOTE: a paused stdout never ends, so the stream is dropped too, or ffmpeg's exit would wait.
    stream.stop();
    stream.stdout.destroy();
    port.close();
    return;
  }
  unread -= request.count;
  if (paused && unread < ahead) {
    paused = false;
    stream.stdout.resume();
  }
});

let frame = new Uint8Array(frameBytes);
let filled = 0;
stream.stdout.on('data', (chunk: Buffer) => {
  let read = 0;
  while (read < chunk.length) {
    const take = Math.min(frameBytes - filled, chunk.length - read);
    frame.set(chunk.subarray(read, read + take), filled);
    filled += take;
    read += take;
    if (filled === frameBytes) {
      send({ type: 'frame', rgb: frame.buffer }, [frame.buffer]);
      frame = new Uint8Array(frameBytes);
      filled = 0;
      unread += 1;
    }
  }
  if (unread >= ahead && !paused) {
    paused = true;
    stream.stdout.pause();
  }
});
// NOTE: a reader that stopped early makes ffmpeg's stdout close mid-frame; `done` says how it ended.
stream.stdout.on('error', () => undefined);

stream.done.then(
  () => {
    send({ type: 'done' });
    port.close();
  },
  (error: unknown) => {
    send({
      type: 'error',
      code: error instanceof EngineError ? error.code : 'ffmpeg_failed',
      message: error instanceof Error ? error.message : String(error),
    });
    port.close();
  },
);
