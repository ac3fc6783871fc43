// Smart cut's copied parts: the untouched groups of pictures, stream-copied from the source.
import type { PartFormat, SmartPart } from './smart-cut-parts.ts';
import { formatSeconds } from '../frames/spans.ts';

/**
 * One input per part, seeked `seekFrames` from its first frame and read only a frame past its end.
 * WARNING: without the bound ffmpeg 5.1 stalls once a shorter part's output is complete while its
 * input still has packets queued (seen with 4 inputs of unequal lengths).
 */
export const partInputs = (
  inputPath: string,
  items: readonly { part: SmartPart }[],
  fps: number,
  seekFrames: number,
  decoderArgs: readonly string[] = [],
): string[] =>
  items.flatMap(({ part }) => [
    ...decoderArgs,
    '-ss',
    formatSeconds((part.first + seekFrames) / fps),
    '-t',
    formatSeconds((part.end - part.first + 1) / fps),
    '-i',
    inputPath,
  ]);

/**
 * Copies several parts in one ffmpeg run: one input per part, each seeked to its keyframe, and one
 * output per input counting packets. Each part's `first` must be a keyframe.
 */
export function buildCopyBatchArgs(
  inputPath: string,
  items: readonly { part: SmartPart; outPath: string }[],
  fps: number,
  format: PartFormat = 'mpegts',
): string[] {
  return [
    // NOTE: a quarter frame past the keyframe, so rounding of its time never seeks to the one before.
    ...partInputs(inputPath, items, fps, 0.25),
    ...items.flatMap(({ part, outPath }, i) => [
      '-map',
      `${i}:v:0`,
      '-c:v',
      'copy',
      '-frames:v',
      String(part.end - part.first),
      '-f',
      format,
      outPath,
    ]),
  ];
}
