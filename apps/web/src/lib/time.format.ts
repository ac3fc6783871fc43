// Time and number display of SPEC 2.6 ("x ago"), 2.10 (player time, tolerance) and 9 (d, h, m, s).

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Rounds to `decimals` places, absorbing binary noise such as 0.1 + 0.2. */
export const roundTo = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  // NOTE: `+ 0` turns -0 into 0 so results compare and print cleanly.
  return Math.round(Number((value * factor).toPrecision(12))) / factor + 0;
};

const RELATIVE_UNITS: readonly (readonly [number, string])[] = [
  [365 * DAY, 'year'],
  [30 * DAY, 'month'],
  [7 * DAY, 'week'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [1, 'second'],
];

/**
 * "x ago" for a unix-seconds time, e.g. "5 minutes ago", "1 day ago". Under 5 seconds (or a time
 * slightly in the future from clock skew) reads "just now".
 */
export const formatRelativeTime = (unixSeconds: number, nowMs: number = Date.now()): string => {
  const elapsed = Math.floor(nowMs / 1000 - unixSeconds);
  if (elapsed < 5) return 'just now';
  for (const [size, unit] of RELATIVE_UNITS) {
    if (elapsed >= size) return `${plural(Math.floor(elapsed / size), unit)} ago`;
  }
  return 'just now';
};

/**
 * A length in d, h, m and s, largest unit first, zero units left out: "1h 2m 3.5s", "45s", "0s".
 * Seconds keep up to `decimals` places (trailing zeros dropped).
 */
export const formatDuration = (totalSeconds: number, decimals = 2): string => {
  const negative = totalSeconds < 0;
  let rest = roundTo(Math.abs(totalSeconds), decimals);
  const days = Math.floor(rest / DAY);
  rest -= days * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / MINUTE);
  const secs = roundTo(rest - minutes * MINUTE, decimals);
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (hours > 0) parts.push(`${hours}h`);
  if (minutes > 0) parts.push(`${minutes}m`);
  if (secs > 0 || parts.length === 0) parts.push(`${secs}s`);
  return `${negative ? '-' : ''}${parts.join(' ')}`;
};

/** Player clock: "m:ss", or "h:mm:ss" from an hour; whole seconds, rounded down. */
export const formatClock = (seconds: number): string => {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds + 1e-9) : 0;
  const h = Math.floor(whole / HOUR);
  const m = Math.floor((whole % HOUR) / MINUTE);
  const s = whole % MINUTE;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/** The clip player's time display "current / total", e.g. "0:05 / 1:30". */
export const formatPlayerTime = (current: number, total: number): string =>
  `${formatClock(current)} / ${formatClock(total)}`;

/**
 * Issue 33: the clip screen's one clock, for every time a user reads there (phrases, gaps,
 * fillers, the ruler, the player, "Viewing"): "m:ss.t", "h:mm:ss.t" from an hour. Tenths are
 * rounded down, as a player counts them, so a phrase's start reads what the player shows once
 * it is sought to. `decimals` 0 drops them ("m:ss", the ruler's whole-second labels).
 */
export const formatClipTime = (seconds: number, decimals: 0 | 1 = 1): string => {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  // NOTE: roundTo absorbs float noise (0.3 * 10 is 2.9999…) before rounding down.
  const tenths = Math.floor(roundTo(safe * 10, 6));
  const clock = formatClock(Math.floor(tenths / 10));
  return decimals === 0 ? clock : `${clock}.${tenths % 10}`;
};

/** A span on the clip screen's clock: "0:06.5 – 0:07.6". */
export const formatClipSpan = (start: number, end: number): string =>
  `${formatClipTime(start)} – ${formatClipTime(end)}`;

/** A length in seconds with two decimals, e.g. "12.30" (a phrase's length in its hint). */
export const formatSeconds = (seconds: number): string => roundTo(seconds, 2).toFixed(2);

/** The confidence tolerance as a rounded-up percent: 0.8 → "80%", 0.805 → "81%". */
export const formatTolerancePercent = (tolerance: number): string =>
  `${Math.ceil(roundTo(tolerance * 100, 6))}%`;
