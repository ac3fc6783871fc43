// Smart cut's piped parts: an encode run fed the source's own pictures instead of opening it.
import { open } from 'node:fs/promises';
import { inputPipe, runFfmpeg } from '../media/ffmpeg-runner.ts';
import type { LimitOptions } from '../media/ffmpeg-runner.ts';
import { annexBSamples, syncAtOrBefore } from './mp4-samples.ts';
import type { Mp4VideoIndex } from './mp4-samples.ts';
import { buildEncodeBatchArgs } from './smart-cut-encode-args.ts';
import type { PartFile, SmartCutPlan } from './smart-cut-plan.ts';

/**
 * The demuxer's work per picture of the source each time a run opens it, in bytes of piping that
 * cost the same. Measured on the bench's talks: opening reads the whole index, about 0.1 µs a
 * sample (2.5 samples a picture with the sound's), against about 5 ns a byte piped.
 */
const OPEN_BYTES_PER_PICTURE = 50;

/**
 * Whether piping a run's parts costs less than the run opening the source once per part: for a
 * long source (its index) or small pictures, not for a short 1080p one (3% more CPU measured).
 */
export function pipesPay(
  index: Mp4VideoIndex,
  items: readonly PartFile[],
  from: readonly number[],
): boolean {
  let bytes = 0;
  items.forEach(({ part }, i) => {
    for (let at = from[i]!; at < part.end; at++) bytes += index.sizes[at]!;
  });
  return items.length * index.sizes.length * OPEN_BYTES_PER_PICTURE > bytes;
}

/** Where each part's decoding must start: the keyframe at or before its first picture. */
export const keyframesBefore = (index: Mp4VideoIndex, items: readonly PartFile[]): number[] =>
  items.map((f) => syncAtOrBefore(index, f.part.first));

/**
 * Encodes parts from the source's own pictures, each piped from the keyframe before it, so the
 * run never opens the source: opening it parses the whole sample index, which for a long video
 * cost more than the few pictures a part needs (about 0.12 s at 4 hours, once per part).
 */
export async function encodePiped(
  job: {
    inputPath: string;
    index: Mp4VideoIndex;
    /** Each part's keyframe before it (keyframesBefore). */
    from: readonly number[];
    items: readonly PartFile[];
    fps: number;
  },
  plan: Pick<SmartCutPlan, 'params' | 'format'>,
  limits: LimitOptions & { signal: AbortSignal },
): Promise<void> {
  const { inputPath, index, from, items, fps } = job;
  const { params, format } = plan;
  const source = await open(inputPath, 'r');
  // NOTE: a picture that cannot be read stops the run: a part short of pictures would decode
  // without an error and leave the output short.
  const unreadable = new AbortController();
  async function* guarded(pictures: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      yield* pictures;
    } catch (error) {
      unreadable.abort(error);
    }
  }
  try {
    const pipes = items.map((f, i) => guarded(annexBSamples(source, index, from[i]!, f.part.end)));
    const inputs = { kind: 'pipes', pipes: pipes.map((_, i) => inputPipe(i)), from } as const;
    await runFfmpeg(buildEncodeBatchArgs(inputs, items, fps, params, format), {
      ...limits,
      signal: AbortSignal.any([limits.signal, unreadable.signal]),
      pipes,
    });
  } finally {
    await source.close();
  }
}
