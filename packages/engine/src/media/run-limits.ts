// The ceilings every ffmpeg, ffprobe and melt run works under (issue 32), and what a user reads
// when a run stops: a plain sentence that says what happened and what to do. The tool's own
// text is for the log only (MediaToolError.detail).
//
// Memory: an address-space limit the kernel applies to the child itself (prlimit --as, see
// tied-spawn.ts), so a run that asks for more gets an allocation failure and stops; nothing
// polls to kill it. Measured on the app's own renders (2 cores, MALLOC_ARENA_MAX=2, which the
// runner sets so glibc's per-thread arenas do not reserve 64 MB of address space each): probes
// 0.27 GB, the example image 0.48 GB, a 1080x1920 short 0.55 GB (x264 ultrafast, decision 0009;
// 1.0 GB at veryfast), a 1920x1080 long form 1.0 GB, a 3840x2160 one 1.7 GB, a 4096x4096 one
// 2.5 GB. Each encoder or decoder thread adds about 70 MB
// at 1080p and 190 MB at 4K, and ffmpeg starts threads by core count: hence the per-core share.
//
// Time: a wall-clock limit in proportion to the media the run reads or writes, and to its frame
// size. A 1080x1920 short renders at about 2x its length here (two shared cores), 13x with every
// style setting at its largest and an angle of 45°, a 4K long form at about 8x: the default
// factor 30 leaves room for those. The worst styles measured (a 500-character phrase, largest
// size and spacing, angle 45) drew at 60-350x and are stopped.
import os from 'node:os';
import { EngineError } from '../types.ts';

/** What a run is for: names it in the user's message. */
export type MediaTask = 'render' | 'example' | 'probe' | 'media';

/** The media a run reads or writes: its length in seconds and its largest frame in pixels. */
export type MediaWork = { mediaS: number; pixels?: number };

export const MEMORY_LIMIT_ENV = 'MEDIA_MEMORY_LIMIT_GB';
export const TIME_FACTOR_ENV = 'MEDIA_TIME_FACTOR';

const GB = 1024 ** 3;
const BASE_MEMORY_GB = 4;
const MEMORY_GB_PER_CORE = 0.5;
const DEFAULT_TIME_FACTOR = 30;
/** Seconds of media every run is granted on top of its own: start-up, encoder and font set-up. */
const LEAD_S = 6;
/** A run of unknown length (frame sampling, test media) gets this many seconds at factor 1. */
const UNKNOWN_WORK_S = 180;
const REFERENCE_PIXELS = 1920 * 1080;

type Env = Record<string, string | undefined>;

const positive = (raw: string | undefined): number | undefined => {
  const value = Number(raw?.trim());
  return raw?.trim() && Number.isFinite(value) && value > 0 ? value : undefined;
};

/**
 * The address-space ceiling of one run in bytes: MEDIA_MEMORY_LIMIT_GB, else 4 GB plus 0.5 GB per
 * core. `0` turns it off (null). An unreadable value keeps the default.
 */
export function memoryLimitBytes(
  env: Env = process.env,
  cores: number = os.availableParallelism(),
): number | null {
  if (env[MEMORY_LIMIT_ENV]?.trim() === '0') return null;
  const gb = positive(env[MEMORY_LIMIT_ENV]) ?? BASE_MEMORY_GB + MEMORY_GB_PER_CORE * cores;
  return Math.round(gb * GB);
}

/** The run's ceiling: the configured one, lowered to `cap` for runs known to need little. */
export function runMemoryLimit(cap: number | undefined, env: Env = process.env): number | null {
  const limit = memoryLimitBytes(env);
  if (limit === null) return null;
  return cap ? Math.min(limit, cap) : limit;
}

/** The wall-clock limit of a run in milliseconds: factor × (its media + 6 s) × its frame size. */
export function timeLimitMs(work: MediaWork | undefined, env: Env = process.env): number {
  const factor = positive(env[TIME_FACTOR_ENV]) ?? DEFAULT_TIME_FACTOR;
  if (!work || !Number.isFinite(work.mediaS)) return Math.round(factor * UNKNOWN_WORK_S * 1000);
  const frames = Math.max(1, (work.pixels ?? 0) / REFERENCE_PIXELS);
  return Math.round(factor * (Math.max(0, work.mediaS) + LEAD_S) * frames * 1000);
}

/** A run's failure for users, with the tool's own words kept apart for the log. */
export class MediaToolError extends EngineError {
  readonly detail: string;
  constructor(code: string, message: string, detail: string) {
    super(code, message);
    this.detail = detail;
  }
}

const SUBJECT: Record<MediaTask, string> = {
  render: 'The render',
  example: 'The example image',
  probe: 'Checking the video',
  media: 'Processing the video',
};

const MEMORY_ADVICE: Record<MediaTask, string> = {
  render:
    'Use smaller subtitles (size, letter spacing, outline, shadow) or a smaller video, then try again.',
  example: 'Use a smaller size, letter spacing, outline or shadow.',
  probe: 'Export the video again from your editor and upload it again.',
  media: 'Try a shorter or smaller video.',
};

const TIME_ADVICE: Record<MediaTask, string> = {
  render:
    'Please try again; if it stops again, simplify the subtitles (smaller size, less letter spacing, no angle).',
  example: 'Simplify the style (smaller size, less letter spacing, no angle) and try again.',
  probe: 'Export the video again from your editor and upload it again.',
  media: 'Please try again later.',
};

const FAILURE: Record<MediaTask, string> = {
  render:
    'The render failed: the video tool stopped with an error. Please try again; if it fails again, upload the video again.',
  example: 'The example image could not be drawn. Please try again.',
  probe: 'The video could not be read. Export it again from your editor and upload it again.',
  media:
    'Processing the video failed: the video tool stopped with an error. Please try again; if it fails again, upload the video again.',
};

const round1 = (n: number): string => String(Math.round(n * 10) / 10);

export const formatGb = (bytes: number): string => `${round1(bytes / GB)} GB`;

/** "45 seconds", "22 minutes", "3.5 hours". */
export function formatSpan(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  if (seconds < 120) return whole === 1 ? '1 second' : `${whole} seconds`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`;
  return `${round1(seconds / 3600)} hours`;
}

/** "a 13-second video", "a 4-minute video". */
const videoOf = (seconds: number): string =>
  seconds < 90
    ? `a ${Math.max(1, Math.round(seconds))}-second video`
    : `a ${Math.round(seconds / 60)}-minute video`;

export const memoryLimitMessage = (task: MediaTask, limitBytes: number): string =>
  `${SUBJECT[task]} stopped: it needed more than ${formatGb(limitBytes)} of memory, the limit for one run. ${MEMORY_ADVICE[task]}`;

export function timeLimitMessage(task: MediaTask, limitMs: number, work?: MediaWork): string {
  const media = work && work.mediaS >= 1 ? ` for ${videoOf(work.mediaS)}` : '';
  return `${SUBJECT[task]} stopped: it took longer than ${formatSpan(limitMs / 1000)}${media}. ${TIME_ADVICE[task]}`;
}

export const toolFailureMessage = (task: MediaTask): string => FAILURE[task];

// NOTE: what ffmpeg, x264, libav and the loader (a library that cannot be mapped) print when an
// allocation fails under the limit.
const MEMORY_TEXT =
  /cannot allocate memory|malloc of size \d+ failed|out of memory|bad_alloc|failed to allocate|failed to map segment|ENOMEM/i;

/** Whether a run's address space came up to its ceiling (its allocations then began to fail). */
export const reachedCeiling = (peakBytes: number, limitBytes: number): boolean =>
  peakBytes >= limitBytes * 0.9;

/**
 * Whether a failed run stopped at its memory ceiling: the tool said an allocation failed, or its
 * address space had reached the ceiling (an encoder that fails to start after the filters took
 * the memory says only "Error while opening encoder"), or it crashed near it.
 */
export function isMemoryFailure(run: {
  tail: string;
  signal: string | null;
  peakBytes: number;
  limitBytes: number | null;
}): boolean {
  if (!run.limitBytes) return false;
  if (MEMORY_TEXT.test(run.tail)) return true;
  if (reachedCeiling(run.peakBytes, run.limitBytes)) return true;
  const crashed = run.signal === 'SIGSEGV' || run.signal === 'SIGABRT' || run.signal === 'SIGBUS';
  return crashed && run.peakBytes >= run.limitBytes * 0.5;
}
