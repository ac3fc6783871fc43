// Smart cut's join: the parts one after another with the cut sound, by copy, either restamped in
// order from one raw H.264 stream or through the concat demuxer keeping their timestamps.
import { mp4OutputArgs } from './encode-args.ts';
import type { Mp4Index } from './encode-args.ts';
import { formatSeconds, fpsRational } from '../frames/spans.ts';

const TS_PACKET_BYTES = 188;
/** Packets a part must have to be recognised as MPEG-TS on its own (ffmpeg 5.1 wants over 10). */
const MIN_TS_PACKETS = 24;

/**
 * Null packets (PID 0x1FFF, which every demuxer skips) to append to a part of `sizeBytes`, or null
 * when it is long enough.
 * WARNING: the concat demuxer probes each part on its own, and a part of a frame or two of a flat
 * picture (a few hundred bytes) is taken for MPEG-PS and silently left out of the join.
 */
export function tsPaddingFor(sizeBytes: number): Uint8Array | null {
  const missing = MIN_TS_PACKETS - Math.floor(sizeBytes / TS_PACKET_BYTES);
  if (missing <= 0) return null;
  const padding = new Uint8Array(missing * TS_PACKET_BYTES).fill(0xff);
  for (let at = 0; at < padding.length; at += TS_PACKET_BYTES) {
    padding.set([0x47, 0x1f, 0xff, 0x10], at);
  }
  return padding;
}

const quoteConcatPath = (path: string): string => `'${path.replace(/'/g, "'\\''")}'`;

/** The concat demuxer's list, with each part's exact length so timestamps join seamlessly. */
export function buildConcatList(files: readonly { path: string; durationS: number }[]): string {
  return `${files
    .map((f) => `file ${quoteConcatPath(f.path)}\nduration ${formatSeconds(f.durationS)}`)
    .join('\n')}\n`;
}

/**
 * Joins the video parts, fed one after another as a single H.264 stream on stdin, and the cut
 * sound, both by copy. Every picture is stamped again as frame N of the output, which is exact only
 * when the source never reorders frames; a raw stream has no timestamps to leave behind, and each
 * part carries its parameter sets.
 */
/** The sound as the second input, and both streams copied. */
const withSoundByCopy = (audioPath: string): string[] => [
  ...['-i', audioPath],
  ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'],
];

export function buildRestampMuxArgs(options: {
  audioPath: string;
  fps: number;
  outPath: string;
  /** The output's sample counts: its index is then written in place, with no second pass. */
  index?: Mp4Index;
}): string[] {
  return [
    '-f',
    'h264',
    '-i',
    'pipe:0',
    ...withSoundByCopy(options.audioPath),
    '-bsf:v',
    `setts=ts=N/(${fpsRational(options.fps)})/TB`,
    ...mp4OutputArgs(options.outPath, options.index),
  ];
}

/** Joins the video parts (through the concat demuxer, which keeps their timestamps) and the cut
 * sound, both by copy. */
export function buildSmartMuxArgs(options: {
  listPath: string;
  audioPath: string;
  outPath: string;
  index?: Mp4Index;
}): string[] {
  return [
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    options.listPath,
    ...withSoundByCopy(options.audioPath),
    ...mp4OutputArgs(options.outPath, options.index),
  ];
}
