// Pure argument arrays for the full-encode renders (long form and short clips).
import { formatSeconds } from './spans.ts';

export type EncodeArgsOptions = {
  inputPath: string;
  outPath: string;
  /** A file holding the filter graph (-filter_complex_script): long cuts make long graphs. */
  graphPath: string;
  offsetS: number;
  lengthS: number;
  /** The kept sound, already cut and encoded (sound-cut.ts): copied in. */
  audioPath: string;
  crf?: number;
  preset?: string;
};

/**
 * The source as an input bounded to the kept part, with its cut graph: decoding starts at the
 * first kept moment and stops after the last one.
 */
export const boundedSourceArgs = (options: {
  inputPath: string;
  offsetS: number;
  lengthS: number;
  graphPath: string;
}): string[] => [
  ...(options.offsetS > 0 ? ['-ss', formatSeconds(options.offsetS)] : []),
  '-t',
  formatSeconds(options.lengthS),
  '-i',
  options.inputPath,
  '-filter_complex_script',
  options.graphPath,
];

export function buildEncodeArgs(options: EncodeArgsOptions): string[] {
  return [
    ...boundedSourceArgs(options),
    '-i',
    options.audioPath,
    '-map',
    '[v]',
    '-map',
    '1:a:0',
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'veryfast',
    '-crf',
    String(options.crf ?? 20),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'copy',
    ...mp4OutputArgs(options.outPath),
  ];
}

/** A finished .mp4 for the web: index first (faststart), no metadata carried over from the source. */
export const mp4OutputArgs = (outPath: string): string[] => [
  '-movflags',
  '+faststart',
  '-map_metadata',
  '-1',
  '-f',
  'mp4',
  outPath,
];
