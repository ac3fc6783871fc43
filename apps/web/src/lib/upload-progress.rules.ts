// An upload's progress as people read it: the share sent, the bytes, the speed over the last few
// seconds and the time left at that speed.

export type UploadProgress = {
  loaded: number;
  total: number;
  /** Bytes per second over the last seconds, when measured. */
  bytesPerSecond?: number | null;
  /** Where the sending stands: 'preparing', 'sending', 'reconnecting', 'done' or 'failed'. */
  state?: string;
};

/** Whole percent sent, 0 to 100; 0 while the total is unknown. */
export const uploadProgressPercent = ({ loaded, total }: UploadProgress): number => {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
};

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; one decimal under 10 of a unit, whole numbers above. */
export const formatBytes = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
};

/** 13 → "13 s", 125 → "2 min 5 s", 3720 → "1 h 2 min". */
export const formatSecondsLeft = (seconds: number): string => {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 === 0 ? `${minutes} min` : `${minutes} min ${whole % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
};

/** Seconds left at the measured speed, or null before there is one. */
export const secondsLeft = ({ loaded, total, bytesPerSecond }: UploadProgress): number | null =>
  bytesPerSecond && bytesPerSecond > 0 && total > loaded ? (total - loaded) / bytesPerSecond : null;

/** "12 MB/s · 13 s left", or null before the speed is known. */
export const uploadSpeedText = (progress: UploadProgress): string | null => {
  const left = secondsLeft(progress);
  if (!progress.bytesPerSecond || left === null) return null;
  return `${formatBytes(progress.bytesPerSecond)}/s · ${formatSecondsLeft(left)} left`;
};

/**
 * "Uploading clip.mp4... 42% (4.2 MB of 10 MB)", with " · 2 MB/s · 3 s left" once the speed is
 * known, or without figures while the total is unknown.
 */
export const uploadProgressLabel = (fileName: string, progress: UploadProgress): string => {
  if (!(progress.total > 0)) return `Uploading ${fileName}...`;
  const speed = uploadSpeedText(progress);
  return `Uploading ${fileName}... ${uploadProgressPercent(progress)}% (${formatBytes(
    Math.min(progress.loaded, progress.total),
  )} of ${formatBytes(progress.total)})${speed ? ` · ${speed}` : ''}`;
};

export type SpeedSample = { atMs: number; loaded: number };

/** How far back the speed looks: long enough to smooth bursts, short enough to follow a change. */
export const SPEED_WINDOW_MS = 8000;

/** The samples kept after one more (those within the window, and always the newest two). */
export const addSpeedSample = (
  samples: readonly SpeedSample[],
  sample: SpeedSample,
): SpeedSample[] => {
  const kept = samples.filter(
    (s) => sample.atMs - s.atMs <= SPEED_WINDOW_MS && s.loaded <= sample.loaded,
  );
  return [...kept, sample];
};

/** Bytes per second across the samples, once they span at least a second. */
export const measuredSpeed = (samples: readonly SpeedSample[]): number | null => {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.atMs - first.atMs < 1000) return null;
  return ((last.loaded - first.loaded) * 1000) / (last.atMs - first.atMs);
};

/**
 * The line under the upload indicator: "12 MB/s · 13 s left" while sending, what happens while
 * the connection is lost, or null before there is anything to say.
 */
export const uploadDetailOf = (progress: UploadProgress): string | null => {
  if (progress.state === 'reconnecting') return 'Connection lost: trying again…';
  if (progress.state === 'preparing') return 'Checking the file…';
  return uploadSpeedText(progress);
};
