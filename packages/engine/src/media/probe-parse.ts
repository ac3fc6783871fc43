// Pure parts of probing: ffprobe argument arrays and turning ffprobe output into a ProbeResult or a
// user-actionable EngineError.
import { EngineError } from '../types.ts';
import type { ProbeResult } from '../types.ts';

export type ProbeErrorCode =
  | 'file_not_found'
  | 'zero_length'
  | 'not_a_video'
  | 'truncated_file'
  | 'corrupt_file'
  | 'no_video_stream'
  | 'no_audio_stream'
  | 'unsupported_codec';

const REUPLOAD = 'Upload the complete .mp4 again, or export it again from your camera or editor.';

export const PROBE_MESSAGES: Record<ProbeErrorCode, string> = {
  file_not_found: 'The video file could not be found. Upload it again.',
  zero_length: `The video is empty (0 seconds long, or 0 bytes). ${REUPLOAD}`,
  not_a_video: 'This file is not a video. Upload an .mp4 video file of someone talking.',
  truncated_file: `The video file is incomplete: it was cut off, probably during upload or export. ${REUPLOAD}`,
  corrupt_file: `The video file is damaged and cannot be read. ${REUPLOAD}`,
  no_video_stream:
    'The file has sound but no picture. Upload a video (.mp4) with both a picture and a sound track.',
  no_audio_stream:
    'The video has no sound track, so there is no speech to edit. Upload a video recorded with sound.',
  unsupported_codec:
    'The video uses a format this server cannot decode. Export it as H.264 or HEVC video with AAC audio and upload it again.',
};

export const probeError = (code: ProbeErrorCode, detail?: string): EngineError =>
  new EngineError(code, detail ? `${PROBE_MESSAGES[code]} (${detail})` : PROBE_MESSAGES[code]);

export const buildProbeArgs = (path: string): string[] => [
  '-of',
  'json',
  '-show_format',
  '-show_streams',
  '--',
  path,
];

/** One demux pass over every packet (no decoding): keyframes, frame durations, truncation. */
export const buildPacketScanArgs = (path: string): string[] => [
  '-show_entries',
  'packet=stream_index,pts_time,dts_time,duration_time,flags',
  '-of',
  'csv=p=0',
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

export type PacketScan = {
  videoPackets: number;
  audioPackets: number;
  /** Keyframes no later picture (in decode order) is shown before: where decoding can start. */
  keyframes: number[];
  /** Keyframes left out of `keyframes` because a later picture is shown before them. */
  openKeyframes: number;
  /** Some picture is shown before one decoded earlier (B-frames). */
  reorders: boolean;
  /** The shortest and the longest picture duration the packets state. */
  minFrameS: number;
  maxFrameS: number;
  /** The shortest and the longest step between pictures in presentation order. */
  minStepS: number;
  maxStepS: number;
  /** Where the last picture and the last sound packet end (time + duration), on the file's clock. */
  videoEndS: number;
  audioEndS: number;
};

/** Folds `stream_index,pts_time,dts_time,duration_time,flags` lines in O(1) memory (keyframes aside). */
/** A tenth of a millisecond absorbs the rounding of printed times. */
const EPSILON_S = 1e-4;
/** More pictures than any encoder holds back for B-frames (x264 and x265 reorder at most 16). */
const REORDER_WINDOW = 32;

export function createPacketScanner(videoIndex: number, audioIndex: number) {
  const scan: PacketScan = {
    videoPackets: 0,
    audioPackets: 0,
    keyframes: [],
    openKeyframes: 0,
    reorders: false,
    minFrameS: Infinity,
    maxFrameS: 0,
    minStepS: Infinity,
    maxStepS: 0,
    videoEndS: 0,
    audioEndS: 0,
  };
  let pending = '';
  let latestShown = -Infinity;
  // NOTE: the pictures' times put back in presentation order through a window deeper than any
  // B-frame reordering, so the steps between them are how long each picture is shown.
  const reordering: number[] = [];
  let lastShown = NaN;
  const present = (t: number) => {
    const step = t - lastShown;
    if (step > EPSILON_S) {
      scan.minStepS = Math.min(scan.minStepS, step);
      scan.maxStepS = Math.max(scan.maxStepS, step);
    }
    lastShown = t;
  };
  const showInOrder = (t: number) => {
    let at = reordering.length;
    while (at > 0 && reordering[at - 1]! > t) at--;
    reordering.splice(at, 0, t);
    if (reordering.length > REORDER_WINDOW) present(reordering.shift()!);
  };
  // The keyframe being checked for leading pictures, until the next keyframe arrives.
  let key: { t: number; open: boolean } | null = null;
  const settleKey = () => {
    if (!key) return;
    if (key.open) scan.openKeyframes++;
    else scan.keyframes.push(key.t);
    key = null;
  };
  const line = (text: string) => {
    const [index, pts, dts, duration, flags] = text.split(',');
    const stream = Number(index);
    const d = Number(duration);
    const t = Number(pts !== 'N/A' && pts ? pts : dts);
    const end = (Number.isFinite(t) ? t : 0) + (Number.isFinite(d) && d > 0 ? d : 0);
    if (stream === audioIndex) {
      scan.audioPackets++;
      scan.audioEndS = Math.max(scan.audioEndS, end);
    }
    if (stream !== videoIndex) return;
    scan.videoPackets++;
    scan.videoEndS = Math.max(scan.videoEndS, end);
    if (Number.isFinite(d) && d > 0) {
      scan.minFrameS = Math.min(scan.minFrameS, d);
      scan.maxFrameS = Math.max(scan.maxFrameS, d);
    }
    if (!Number.isFinite(t)) return;
    showInOrder(t);
    if (t < latestShown - EPSILON_S) scan.reorders = true;
    latestShown = Math.max(latestShown, t);
    if (flags?.startsWith('K')) {
      settleKey();
      key = { t, open: false };
    } else if (key && t < key.t - EPSILON_S) {
      key.open = true;
    }
  };
  return {
    write(chunk: string) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) line(l.trim());
    },
    end(): PacketScan {
      if (pending.trim()) line(pending.trim());
      pending = '';
      for (const t of reordering.splice(0)) present(t);
      settleKey();
      scan.keyframes.sort((a, b) => a - b);
      return scan;
    },
  };
}

/** How far the container's claimed length may exceed the packets' before the packets win. */
export const CLAIMED_LENGTH_SLACK_S = 0.5;

/**
 * The lengths the packets measure, in place of the container's claims when those run past them:
 * a header (mvhd, mdhd) can claim any length, the packets are what decodes.
 * `start` is the file's own start (packet times count from it).
 */
export function measuredLengths(
  claimed: { durationS: number; videoEndS?: number },
  scan: PacketScan,
  start: number,
): { durationS: number; videoEndS?: number } {
  const round = (t: number) => Math.round(t * 1e6) / 1e6;
  const measured = round(Math.max(scan.videoEndS, scan.audioEndS) - start);
  const videoEnd = round(scan.videoEndS - start);
  const trust = (claim: number, packets: number) =>
    packets > 0 && claim > packets + CLAIMED_LENGTH_SLACK_S ? packets : claim;
  return {
    durationS: trust(claimed.durationS, measured),
    ...(claimed.videoEndS === undefined ? {} : { videoEndS: trust(claimed.videoEndS, videoEnd) }),
  };
}

/** How much frame durations may vary (a share of the shortest) at a constant rate. */
const RATE_VARIATION = 0.05;

/**
 * Frame durations, or steps between the pictures' times, that vary by more than 5% mean a
 * variable frame rate. NOTE: the steps, because mov packets of a variable rate with B-frames (as
 * phones write) state durations that do not vary (x265: every one the nominal frame; x264: one
 * tick) or none. A tenth of a millisecond more absorbs the container clock's ticks: 29.97 in
 * 1/600 s steps 20 and 21 ticks, which is a constant rate.
 */
export const isVariableFrameRate = (scan: PacketScan): boolean =>
  scan.videoPackets > 2 &&
  ((scan.minFrameS > 0 && scan.maxFrameS / scan.minFrameS > 1 + RATE_VARIATION) ||
    (Number.isFinite(scan.minStepS) &&
      scan.maxStepS > scan.minStepS * (1 + RATE_VARIATION) + EPSILON_S));

/** ffprobe/ffmpeg stderr lines that mean the file stops before its index says it should. */
export const TRUNCATION_PATTERN =
  /partial file|moov atom not found|end of file|Truncat|ran out of data/i;

/** ISO-BMFF (mp4/mov) files start with a box such as ftyp; used to tell "cut off" from "not a video". */
export function looksLikeIsoMedia(head: Buffer): boolean {
  if (head.length < 8) return false;
  const box = head.toString('latin1', 4, 8);
  return ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot'].includes(box);
}

/** Maps an ffprobe failure on the first pass to the user's reason. */
export function classifyProbeFailure(message: string, head: Buffer): EngineError {
  if (TRUNCATION_PATTERN.test(message) && looksLikeIsoMedia(head))
    return probeError('truncated_file');
  if (looksLikeIsoMedia(head)) return probeError('corrupt_file');
  return probeError('not_a_video');
}
