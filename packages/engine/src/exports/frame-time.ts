// Frame time for editor timelines: a rate is a rational (30000/1001, not 29.97), a time is a whole
// number of frames, and each format's own spelling (FCPXML's "1001/30000s", a timecode, OTIO's
// rate and value) is made from those two integers, so no float rounding enters a cut point.
import { renderFps, snapSpans } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';
import type { Span } from '../types.ts';

/** Frames per second as num/den: 30000/1001 for 29.97, 25/1 for 25. */
export type Rate = { num: number; den: number };

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** The rate a measured fps stands for: the NTSC rates exactly, other rates to 1/1000 frame. */
export function rateOf(fps: number): Rate {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError(`no frame rate in ${fps}`);
  for (const base of [24, 30, 48, 60, 120]) {
    if (Math.abs(fps - (base * 1000) / 1001) < 0.001) return { num: base * 1000, den: 1001 };
  }
  if (Math.abs(fps - Math.round(fps)) < 0.001) return { num: Math.round(fps), den: 1 };
  const num = Math.round(fps * 1000);
  const d = gcd(num, 1000);
  return { num: num / d, den: 1000 / d };
}

export const rateFps = (rate: Rate): number => rate.num / rate.den;

/** An NTSC rate (x/1001) runs at its whole-number timebase slowed by 1000/1001. */
export const isNtsc = (rate: Rate): boolean => rate.den === 1001;

/** The whole-number frame count per timecode second: 24 for 23.976, 30 for 29.97. */
export const timebase = (rate: Rate): number => Math.round(rateFps(rate));

/** `frames` in seconds, as a reduced rational [numerator, denominator]. */
export function framesToRational(frames: number, rate: Rate): [number, number] {
  const num = frames * rate.den;
  const d = gcd(num, rate.num) || 1;
  return [num / d, rate.num / d];
}

export const framesToSeconds = (frames: number, rate: Rate): number =>
  (frames * rate.den) / rate.num;

/** The frame nearest to a time in seconds. */
export const secondsToFrames = (seconds: number, rate: Rate): number =>
  Math.round((seconds * rate.num) / rate.den + 1e-9);

/** FCPXML's time: "1001/1000s", or "4s" when whole. */
export function fcpxTime(frames: number, rate: Rate): string {
  const [num, den] = framesToRational(frames, rate);
  return den === 1 ? `${num}s` : `${num}/${den}s`;
}

/** Non-drop-frame timecode hh:mm:ss:ff counting `frames` at the rate's whole-number timebase. */
export function timecode(frames: number, rate: Rate): string {
  return spellTimecode(Math.max(0, Math.round(frames)), timebase(rate), ':');
}

/**
 * 29.97 and 59.94 are shown in drop-frame timecode by editors (SMPTE 12M): its labels keep pace
 * with the clock by skipping 2 (or 4) frame numbers each minute but every tenth. No frame is
 * dropped, only labels, so a drop-frame time is as frame-exact as a non-drop one.
 */
export const isDropFrame = (rate: Rate): boolean =>
  isNtsc(rate) && (timebase(rate) === 30 || timebase(rate) === 60);

/** The frame numbers skipped each minute: 2 at 29.97, 4 at 59.94. */
const droppedPerMinute = (rate: Rate): number => (timebase(rate) / 30) * 2;

/** Drop-frame timecode hh:mm:ss;ff of `frames` at 29.97 or 59.94. */
export function dropFrameTimecode(frames: number, rate: Rate): string {
  if (!isDropFrame(rate)) throw new RangeError(`no drop-frame timecode at ${rate.num}/${rate.den}`);
  const base = timebase(rate);
  const drop = droppedPerMinute(rate);
  const perMinute = base * 60 - drop;
  const perTenMinutes = perMinute * 10 + drop;
  const total = Math.max(0, Math.round(frames));
  const tens = Math.floor(total / perTenMinutes);
  const rest = total % perTenMinutes;
  // NOTE: the first minute of every ten keeps all its labels; the other nine skip `drop` each.
  const skipped =
    drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  return spellTimecode(total + skipped, base, ';');
}

/** The timecode an editor shows at this rate: drop-frame at 29.97 and 59.94, non-drop otherwise. */
export const editorTimecode = (frames: number, rate: Rate): string =>
  isDropFrame(rate) ? dropFrameTimecode(frames, rate) : timecode(frames, rate);

function spellTimecode(label: number, base: number, separator: ':' | ';'): string {
  const pad = (v: number) => String(v).padStart(2, '0');
  const seconds = Math.floor(label / base);
  const hms = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return `${hms.map(pad).join(':')}${separator}${pad(label % base)}`;
}

/** The inverse of `timecode` and `dropFrameTimecode` (told apart by the ';' before the frames). */
export function parseTimecode(text: string, rate: Rate): number {
  const match = /^(\d{2}):(\d{2}):(\d{2})([:;])(\d{2})$/.exec(text);
  if (!match) throw new SyntaxError(`not a timecode: ${text}`);
  const [h, m, s, f] = [match[1], match[2], match[3], match[5]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const base = timebase(rate);
  const label = ((h * 60 + m) * 60 + s) * base + f;
  if (match[4] === ':') return label;
  if (!isDropFrame(rate)) throw new SyntaxError(`drop-frame timecode at a non-drop rate: ${text}`);
  const drop = droppedPerMinute(rate);
  const minutes = h * 60 + m;
  if (m % 10 !== 0 && s === 0 && f < drop) throw new SyntaxError(`a dropped label: ${text}`);
  return label - drop * (minutes - Math.floor(minutes / 10));
}

/** Frames in a day of timecode at this rate: where a timecode past 23:59:59 wraps to 00:00:00. */
export function framesPerDay(rate: Rate): number {
  const base = timebase(rate);
  if (!isDropFrame(rate)) return 24 * 3600 * base;
  const drop = droppedPerMinute(rate);
  return 24 * 6 * ((base * 60 - drop) * 10 + drop);
}

/**
 * The frame a source's start timecode (the probe's `hh:mm:ss:ff`, or `hh:mm:ss;ff` drop-frame)
 * stands for at the timeline's rate: where an editor places the file's first frame. 0 without one,
 * or with one no editor reads at this rate (past 23:59:59, a frame past the timebase, a label
 * drop-frame skips). Always within one day of timecode.
 */
export function timecodeFrames(text: string | undefined, rate: Rate): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)([:;])(\d{2})$/.exec(text ?? '');
  if (!match || Number(match[5]) >= timebase(rate)) return 0;
  // NOTE: a ';' at a rate without drop-frame labels (25, 23.976) can only count every label.
  const spelled = isDropFrame(rate) ? match[0] : match[0].replace(';', ':');
  try {
    return parseTimecode(spelled, rate);
  } catch {
    return 0;
  }
}

/**
 * The frames of the source a render of `keep` holds, and the rate they count at. They are the
 * render's own spans (snapSpans at renderFps), so a timeline built from them is exactly as long as
 * the rendered video.
 */
export function keptFrames(
  keep: readonly Span[],
  probe: { fps: number; variableFrameRate: boolean; durationS: number },
): { rate: Rate; spans: FrameSpan[] } {
  const fps = renderFps(probe);
  return { rate: rateOf(fps), spans: snapSpans(keep, fps, probe.durationS) };
}
