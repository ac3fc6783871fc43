// Smart cut, the pure parts: which frames are copied and which re-encoded, and every command line.
// Untouched GOPs (keyframe to keyframe) are stream-copied; only the frames from a cut to the next
// keyframe, and from the last keyframe to the end of a span, are encoded again with the source's
// codec parameters. Parts go through MPEG-TS (Annex B, parameter sets in-band) into the concat
// demuxer, so the re-encoded parts' own SPS/PPS travel with them.
import type { ProbeResult } from '../types.ts';
import { boundedSourceArgs } from './encode-args.ts';
import { formatSeconds, fpsRational } from './spans.ts';
import type { FrameSpan } from './spans.ts';

export type SmartPart = { kind: 'copy' | 'encode'; first: number; end: number };

/** The encoder settings that must match the source for the joined stream to decode. */
export type VideoStreamParams = { profile: string; level: string; pixFmt: string };

/** Why this input cannot be smart-cut, or null when it can. */
export function smartCutBlocker(probe: ProbeResult, withSubtitles: boolean): string | null {
  if (withSubtitles) return 'burned-in subtitles change every frame';
  if (probe.videoCodec !== 'h264') return `video codec ${probe.videoCodec} (smart cut needs H.264)`;
  if (probe.variableFrameRate) return 'variable frame rate';
  if (probe.rotation % 360 !== 0) return 'rotation metadata';
  if (!probe.keyframes?.length) return 'no keyframe list';
  return null;
}

/** Keyframe times to frame indices (sorted, unique). */
export const keyframeFrames = (keyframes: readonly number[], fps: number): number[] =>
  [...new Set(keyframes.map((t) => Math.round(t * fps)))].sort((a, b) => a - b);

export function planSmartCut(
  spans: readonly FrameSpan[],
  keyframes: readonly number[],
): SmartPart[] {
  const parts: SmartPart[] = [];
  for (const span of spans) {
    const k1 = keyframes.find((k) => k >= span.first && k < span.end);
    const k2 = [...keyframes].reverse().find((k) => k <= span.end && k > span.first);
    if (k1 === undefined || k2 === undefined || k2 <= k1) {
      parts.push({ kind: 'encode', first: span.first, end: span.end });
      continue;
    }
    if (span.first < k1) parts.push({ kind: 'encode', first: span.first, end: k1 });
    parts.push({ kind: 'copy', first: k1, end: k2 });
    if (k2 < span.end) parts.push({ kind: 'encode', first: k2, end: span.end });
  }
  return parts;
}

export const buildStreamParamsArgs = (path: string): string[] => [
  '-select_streams',
  'v:0',
  '-show_entries',
  'stream=profile,level,pix_fmt',
  '-of',
  'json',
  '--',
  path,
];

const X264_PROFILES: Record<string, string> = {
  baseline: 'baseline',
  'constrained baseline': 'baseline',
  main: 'main',
  high: 'high',
  'high 10': 'high10',
  'high 4:2:2': 'high422',
  'high 4:4:4 predictive': 'high444',
};

export function parseStreamParams(json: string): VideoStreamParams {
  const stream = (JSON.parse(json) as { streams?: Record<string, unknown>[] }).streams?.[0] ?? {};
  const profile =
    X264_PROFILES[typeof stream.profile === 'string' ? stream.profile.toLowerCase() : ''] ?? 'high';
  const levelNumber = Number(stream.level);
  const level = levelNumber > 0 ? (levelNumber / 10).toFixed(1) : '4.0';
  return {
    profile,
    level,
    pixFmt: typeof stream.pix_fmt === 'string' ? stream.pix_fmt : 'yuv420p',
  };
}

/** Re-encodes frames [first, end): accurate seek to half a frame before, then count frames. */
export function buildEncodePartArgs(
  inputPath: string,
  part: SmartPart,
  fps: number,
  params: VideoStreamParams,
  outPath: string,
): string[] {
  return [
    '-ss',
    formatSeconds((part.first - 0.5) / fps),
    '-i',
    inputPath,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    'setpts=PTS-STARTPTS',
    '-frames:v',
    String(part.end - part.first),
    '-r',
    fpsRational(fps),
    '-c:v',
    'libx264',
    // NOTE: parts are short and few; a fast preset at a low CRF keeps them sharp and cheap.
    '-preset',
    'superfast',
    '-crf',
    '18',
    '-profile:v',
    params.profile,
    '-level:v',
    params.level,
    '-pix_fmt',
    params.pixFmt,
    '-f',
    'mpegts',
    outPath,
  ];
}

/** Copies frames [first, end) where `first` is a keyframe; the seek lands on it, then count packets. */
export function buildCopyPartArgs(
  inputPath: string,
  part: SmartPart,
  fps: number,
  outPath: string,
): string[] {
  return [
    // NOTE: a quarter frame past the keyframe, so rounding of its time never seeks to the one before.
    '-ss',
    formatSeconds((part.first + 0.25) / fps),
    '-i',
    inputPath,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-c:v',
    'copy',
    '-frames:v',
    String(part.end - part.first),
    '-f',
    'mpegts',
    outPath,
  ];
}

const quoteConcatPath = (path: string): string => `'${path.replace(/'/g, "'\\''")}'`;

/** The concat demuxer's list, with each part's exact length so timestamps join seamlessly. */
export function buildConcatList(files: readonly { path: string; durationS: number }[]): string {
  return `${files
    .map((f) => `file ${quoteConcatPath(f.path)}\nduration ${formatSeconds(f.durationS)}`)
    .join('\n')}\n`;
}

/** Joins the video parts by copy and encodes the sound from the kept spans in the same pass. */
export function buildSmartMuxArgs(options: {
  listPath: string;
  inputPath: string;
  graphPath: string;
  offsetS: number;
  lengthS: number;
  outPath: string;
}): string[] {
  return [
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    options.listPath,
    ...boundedSourceArgs(options),
    '-map',
    '0:v:0',
    '-map',
    '[a]',
    '-c:v',
    'copy',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    options.outPath,
  ];
}
