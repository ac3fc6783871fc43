// A few low-resolution frames a second of a stretch of the source, decoded by one ffmpeg run and
// read as raw RGB over a pipe (no image files, no second decoder).
import { Worker } from 'node:worker_threads';
import { formatSeconds } from '../frames/spans.ts';
import { EngineError } from '../types.ts';
import type { ProbeResult } from '../types.ts';

export type SampledFrame = {
  /** Source time of the frame (seconds). */
  timeS: number;
  width: number;
  height: number;
  /** width × height × 3 bytes, RGB. */
  rgb: Uint8Array;
};

export type SampleOptions = {
  startS: number;
  endS: number;
  /** Frames a second (default 8: a jump or a change of speaker is placed to an eighth of a second). */
  fps?: number;
  /** Width of the sampled frames; the height keeps the displayed aspect (default 384). */
  width?: number;
  signal?: AbortSignal;
};

export const DEFAULT_SAMPLE_FPS = 8;
export const DEFAULT_SAMPLE_WIDTH = 384;

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

/** The sampled frame size for a picture as displayed (after rotation). */
export function sampleSize(
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  width = DEFAULT_SAMPLE_WIDTH,
): { width: number; height: number } {
  return { width: even(width), height: even((width * probe.displayHeight) / probe.displayWidth) };
}

export function sampleArgs(
  inputPath: string,
  options: SampleOptions,
  size: { width: number; height: number },
): string[] {
  const fps = options.fps ?? DEFAULT_SAMPLE_FPS;
  // NOTE: with start_time and round=up, sample n is the last frame at or before startS + n/fps
  // (the default rounding hands over a frame up to half a sample later), so times need no stderr.
  // NOTE: -skip_loop_filter: the decoder leaves out deblocking (15-20% of the sampling's decode
  // CPU); its smoothing is lost anyway when the frame is shrunk to 384 px by area averaging.
  return [
    '-skip_loop_filter',
    'all',
    '-ss',
    formatSeconds(options.startS),
    '-t',
    formatSeconds(Math.max(0, options.endS - options.startS)),
    '-i',
    inputPath,
    '-an',
    '-sn',
    '-vf',
    `fps=${fps}:start_time=0:round=up,scale=${size.width}:${size.height}:flags=area,setsar=1`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
}

export type FrameReaderData = { args: string[]; frameBytes: number; ahead: number };
/** From the reader: a frame (its bytes moved, not copied), the end, or ffmpeg's failure. */
export type FrameReaderReply =
  | { type: 'frame'; rgb: ArrayBuffer }
  | { type: 'done' }
  | { type: 'error'; code: string; message: string };
/** To the reader: frames were taken (room for as many more), or stop ffmpeg. */
export type FrameReaderRequest = { type: 'taken'; count: number } | { type: 'stop' };

/** Decoded frames held ahead of the reader at most (~250 KB each): two seconds of samples. */
const READ_AHEAD = 16;
/** Frames taken before the reader is told (each message costs both threads a little). */
const TAKEN_BATCH = 4;

/**
 * Yields each sampled frame as it is decoded. ffmpeg's output is read on a worker thread
 * (frame-reader.worker.ts), so decoding goes on while the caller works; at most
 * READ_AHEAD + TAKEN_BATCH - 1 frames wait (the reader hears of taken frames in batches).
 */
export async function* sampleFrames(
  inputPath: string,
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  options: SampleOptions,
): AsyncGenerator<SampledFrame> {
  options.signal?.throwIfAborted();
  const size = sampleSize(probe, options.width);
  const fps = options.fps ?? DEFAULT_SAMPLE_FPS;
  const data: FrameReaderData = {
    args: sampleArgs(inputPath, options, size),
    frameBytes: size.width * size.height * 3,
    ahead: READ_AHEAD,
  };
  const worker = new Worker(new URL('./frame-reader.worker.ts', import.meta.url), {
    workerData: data,
  });
  const replies: FrameReaderReply[] = [];
  let wake: (() => void) | null = null;
  const push = (reply: FrameReaderReply) => {
    replies.push(reply);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error: Error) =>
    push({
      type: 'error',
      code: 'ffmpeg_failed',
      message: `Frame reading failed: ${error.message}`,
    }),
  );
  worker.on('exit', () => push({ type: 'done' }));
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);
  let index = 0;
  try {
    for (;;) {
      while (!replies.length && !options.signal?.aborted) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      options.signal?.throwIfAborted();
      const reply = replies.shift()!;
      if (reply.type === 'done') return;
      if (reply.type === 'error') throw new EngineError(reply.code, reply.message);
      if ((index + 1) % TAKEN_BATCH === 0) {
        worker.postMessage({ type: 'taken', count: TAKEN_BATCH } satisfies FrameReaderRequest);
      }
      yield { timeS: options.startS + index / fps, ...size, rgb: new Uint8Array(reply.rgb) };
      index += 1;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // NOTE: stops ffmpeg when the reader stops early, fails or is cancelled; the worker then ends.
    worker.postMessage({ type: 'stop' } satisfies FrameReaderRequest);
    worker.unref();
  }
}
