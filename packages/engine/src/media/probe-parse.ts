// Pure parts of probing: ffprobe argument arrays and turning ffprobe output into a ProbeResult or a
// user-actionable EngineError.
import type { ProbeResult } from '../types.ts';
import { probeError } from './probe-errors.ts';

// NOTE: the package index re-exports this file: the error and packet-scan halves stay reachable
// from it.
export * from './probe-errors.ts';
export * from './packet-scan.ts';

export const buildProbeArgs = (path: string): string[] => [
  '-of',
  'json',
  '-show_format',
  '-show_streams',
  '--',
  path,
];

export type FfprobeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  start_time?: string;
  nb_frames?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
};
export type FfprobeOutput = {
  streams?: FfprobeStream[];
  format?: {
    format_name?: string;
    duration?: string;
    start_time?: string;
    size?: string;
    bit_rate?: string;
  };
};

export const parseRatio = (value: string | undefined): number => {
  if (!value) return 0;
  const [num, den] = value.split(/[/:]/).map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den ? num / den : 0;
};

const toNumber = (value: string | number | undefined): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export const normaliseRotation = (degrees: number): number => {
  const quarter = Math.round(degrees / 90) * 90;
  return ((quarter % 360) + 360) % 360;
};

const streamRotation = (stream: FfprobeStream): number => {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number');
  if (matrix?.rotation !== undefined) return normaliseRotation(matrix.rotation);
  return normaliseRotation(toNumber(stream.tags?.rotate));
};

/** A start timecode as ffmpeg prints a tag: any separator but ':' before the frames is drop-frame. */
const TIMECODE = /^(\d{2}:\d{2}:\d{2})([:;.,])(\d{2})$/;

/**
 * The start timecode: the picture's own tag, else a timecode track's (mov and mp4 keep it in a
 * tmcd data stream), spelled with ';' before the frames when drop-frame (as editors show it).
 */
export function startTimecode(streams: readonly FfprobeStream[]): string | undefined {
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const tracks = streams.filter((s) => s.codec_type === 'data');
  for (const stream of [video, ...tracks]) {
    const match = TIMECODE.exec(stream?.tags?.timecode?.trim() ?? '');
    if (match) return `${match[1]}${match[2] === ':' ? ':' : ';'}${match[3]}`;
  }
  return undefined;
}

/** The file's own start: ffmpeg counts seek positions (-ss) and its output times from it. */
export const formatStart = (format: FfprobeOutput['format']): number =>
  toNumber(format?.start_time);

/** Where a stream begins on the file's timeline; an unknown start counts as the file's. */
const streamStart = (stream: FfprobeStream, format: FfprobeOutput['format']): number =>
  stream.start_time === undefined || stream.start_time === 'N/A'
    ? 0
    : Math.round((toNumber(stream.start_time) - formatStart(format)) * 1e6) / 1e6;

/** An average this close to r_frame_rate (a share of it) is that rate, read through rounding. */
const SAME_RATE_SHARE = 0.001;

/**
 * The rate renders and timelines count frames at: the average, unless it is within 0.1% of
 * r_frame_rate. NOTE: a constant-rate file whose clock cannot hold its frame duration (23.976 in
 * 1/90000 ticks: 3753.75 each) or whose last frame is cut short averages a hair off its nominal
 * rate (10980000/457957 for 24000/1001); frames counted at the average drift from the file's own
 * grid by half a frame an hour at 59.94, while r_frame_rate is the exact rational.
 */
export function nominalFps(avg: number, real: number): number {
  if (avg > 0 && real > 0 && Math.abs(real - avg) <= real * SAME_RATE_SHARE) return real;
  return avg > 0 ? avg : real;
}

/** ffprobe's JSON → ProbeResult, or the reason the file cannot be edited. */
export function parseProbeOutput(json: string, sizeBytes: number): ProbeResult {
  let data: FfprobeOutput;
  try {
    data = JSON.parse(json) as FfprobeOutput;
  } catch {
    throw probeError('corrupt_file');
  }
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) throw probeError('not_a_video');
  if (!video) throw probeError('no_video_stream');
  if (!audio) throw probeError('no_audio_stream');
  if (!video.codec_name || !audio.codec_name) throw probeError('unsupported_codec');
  const width = toNumber(video.width);
  const height = toNumber(video.height);
  if (width <= 0 || height <= 0) throw probeError('corrupt_file', 'the picture has no size');

  const durationS = Math.max(
    toNumber(data.format?.duration),
    toNumber(video.duration),
    toNumber(audio.duration),
  );
  if (!(durationS > 0) || video.nb_frames === '0') throw probeError('zero_length');

  const rotation = streamRotation(video);
  const sar = parseRatio(video.sample_aspect_ratio) || 1;
  const sarWidth = Math.round(width * sar);
  const quarterTurn = rotation === 90 || rotation === 270;
  const avg = parseRatio(video.avg_frame_rate);
  const real = parseRatio(video.r_frame_rate);
  const fps = nominalFps(avg, real);
  const timecode = startTimecode(streams);
  return {
    durationS,
    width,
    height,
    displayWidth: quarterTurn ? height : sarWidth,
    displayHeight: quarterTurn ? sarWidth : height,
    rotation,
    fps,
    // Refined by the packet scan; r_frame_rate far from the average is the container's own hint.
    variableFrameRate: avg > 0 && real > 0 && Math.abs(real - avg) / real > 0.01,
    videoCodec: video.codec_name,
    audioCodec: audio.codec_name,
    audioSampleRate: toNumber(audio.sample_rate),
    audioChannels: toNumber(audio.channels),
    videoStartS: streamStart(video, data.format),
    audioStartS: streamStart(audio, data.format),
    videoEndS:
      Math.round(
        (streamStart(video, data.format) + (toNumber(video.duration) || durationS)) * 1e6,
      ) / 1e6,
    ...(timecode ? { timecode } : {}),
    formatName: data.format?.format_name ?? '',
    sizeBytes: sizeBytes || toNumber(data.format?.size),
    bitRate: toNumber(data.format?.bit_rate),
  };
}
