// Pure argument arrays for the full-encode renders (long form and short clips).
import { formatSeconds } from '../frames/spans.ts';

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
  /** The output's sample counts, when known: its index is then written in place. */
  index?: Mp4Index;
};

/** The encoder settings a render may choose. */
export type EncoderSettings = Pick<EncodeArgsOptions, 'crf' | 'preset'>;

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
    ...mp4OutputArgs(options.outPath, options.index),
  ];
}

/** What a finished .mp4 holds, when known before it is written: its index can then be reserved. */
export type Mp4Index = { videoFrames: number; audioS: number; audioSampleRate: number };

/**
 * NOTE: ffmpeg's index takes about 12-20 bytes a sample (stts, stsz, stco, stss; measured on
 * these renders); 40 also covers 64-bit chunk offsets, a keyframe entry and a composition offset
 * for every sample. The unused rest becomes a `free` box.
 */
const MOOV_BYTES_PER_SAMPLE = 40;
const MOOV_HEADROOM_BYTES = 64 * 1024;
/** AAC frames hold 1024 samples; the encoder adds a priming frame and a partial last one. */
const AAC_FRAME_SAMPLES = 1024;

/** Bytes to reserve at the front of an .mp4 for its index (moov). */
export function reservedMoovBytes(index: Mp4Index): number {
  const audioFrames = Math.ceil((index.audioS * index.audioSampleRate) / AAC_FRAME_SAMPLES) + 2;
  const samples = Math.ceil(index.videoFrames) + audioFrames;
  return MOOV_HEADROOM_BYTES + MOOV_BYTES_PER_SAMPLE * samples;
}

/**
 * A finished .mp4 for the web: index first, no metadata carried over from the source. With the
 * sample counts known, the index is written into room reserved at the front; otherwise faststart
 * moves it there in a second pass over the whole file.
 */
export const mp4OutputArgs = (outPath: string, index?: Mp4Index): string[] => [
  ...(index ? ['-moov_size', String(reservedMoovBytes(index))] : ['-movflags', '+faststart']),
  '-map_metadata',
  '-1',
  '-f',
  'mp4',
  outPath,
];
