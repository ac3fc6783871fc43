// A few low-resolution frames a second of a stretch of the source, decoded by one ffmpeg run and
// read as raw RGB over a pipe (no image files, no second decoder).
import { streamFfmpeg } from '../media/ffmpeg-runner.ts';
import { formatSeconds } from '../render/spans.ts';
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

/** Yields each sampled frame as it is decoded; only one frame's bytes are held at a time. */
export async function* sampleFrames(
  inputPath: string,
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  options: SampleOptions,
): AsyncGenerator<SampledFrame> {
  const size = sampleSize(probe, options.width);
  const fps = options.fps ?? DEFAULT_SAMPLE_FPS;
  const frameBytes = size.width * size.height * 3;
  const stream = streamFfmpeg(sampleArgs(inputPath, options, size), { signal: options.signal });
  // NOTE: each frame gets its own buffer, filled from the pipe's chunks as they come: joining the
  // chunks (Buffer.concat) copied every frame several times and kept the collector busy.
  let rgb = new Uint8Array(frameBytes);
  let filled = 0;
  let index = 0;
  try {
    for await (const chunk of stream.stdout as AsyncIterable<Buffer>) {
      let read = 0;
      while (read < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - read);
        rgb.set(chunk.subarray(read, read + take), filled);
        filled += take;
        read += take;
        if (filled === frameBytes) {
          yield { timeS: options.startS + index / fps, ...size, rgb };
          rgb = new Uint8Array(frameBytes);
          filled = 0;
          index += 1;
        }
      }
    }
    await stream.done;
  } finally {
    stream.stop();
  }
}
