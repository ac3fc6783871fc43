import type { Gap, Span } from '@roughcut/shared';
import type { HandleSide } from './gap-editing.rules.ts';

// Finding what is under the pointer and what is visible, in O(log n), so a one-hour clip with
// thousands of gaps and words draws only its visible window.

/** First index whose span ends after `time` (spans sorted by start, not overlapping). */
function firstEndingAfter(items: readonly Span[], time: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.end ?? Infinity) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [from, to) of sorted spans that overlap (start, end). */
export function visibleIndexRange(
  items: readonly Span[],
  start: number,
  end: number,
): [number, number] {
  const from = firstEndingAfter(items, start);
  let to = from;
  while (to < items.length && (items[to]?.start ?? Infinity) < end) to += 1;
  return [from, to];
}

/** The index of the span under `time` (sorted, not overlapping), or -1. */
export function indexAtTime(items: readonly Span[], time: number): number {
  const index = firstEndingAfter(items, time);
  const item = items[index];
  return item !== undefined && item.start <= time ? index : -1;
}

/** The gap under `time`, if any. */
export function gapAtTime<T extends Span>(gaps: readonly T[], time: number): T | null {
  return gaps[indexAtTime(gaps, time)] ?? null;
}

export type HandleHit = { id: string; side: HandleSide };

/** The gap edge nearest `time` within `toleranceS`, or null. */
export function handleAtTime(
  gaps: readonly Gap[],
  time: number,
  toleranceS: number,
): HandleHit | null {
  const [from, to] = visibleIndexRange(gaps, time - toleranceS, time + toleranceS);
  let best: (HandleHit & { distance: number }) | null = null;
  for (let i = from; i < to; i += 1) {
    const gap = gaps[i];
    if (gap === undefined) continue;
    for (const side of ['start', 'end'] as const) {
      const distance = Math.abs(gap[side] - time);
      // NOTE: on a gap narrower than the grab zone, the side of its middle the pointer is on wins.
      const inside =
        side === 'start' ? time <= (gap.start + gap.end) / 2 : time > (gap.start + gap.end) / 2;
      if (distance > toleranceS) continue;
      if (best === null || distance < best.distance || (distance === best.distance && inside)) {
        best = { id: gap.id, side, distance };
      }
    }
  }
  return best === null ? null : { id: best.id, side: best.side };
}

export type Waveform = { start: number; rate: number; peaks: readonly number[] };

/**
 * The loudest peak under each of `columns` pixel columns spanning source [from, to]; 0 where the
 * waveform has no data.
 */
export function waveformColumns(
  waveform: Waveform,
  from: number,
  to: number,
  columns: number,
): Float32Array {
  const out = new Float32Array(Math.max(0, Math.floor(columns)));
  if (out.length === 0 || to <= from || waveform.rate <= 0) return out;
  const perColumn = (to - from) / out.length;
  for (let c = 0; c < out.length; c += 1) {
    // NOTE: the 1e-6 absorbs float noise at column edges (10.2 s must not reach value 1).
    const a = Math.floor((from + c * perColumn - waveform.start) * waveform.rate + 1e-6);
    const b = Math.ceil((from + (c + 1) * perColumn - waveform.start) * waveform.rate - 1e-6);
    let peak = 0;
    for (let i = Math.max(0, a); i < Math.min(waveform.peaks.length, Math.max(b, a + 1)); i += 1) {
      peak = Math.max(peak, waveform.peaks[i] ?? 0);
    }
    out[c] = Math.min(1, peak);
  }
  return out;
}

const MINOR_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15];
/** Unlabelled ticks closer than this many pixels would blur into a bar. */
const MINOR_MIN_PX = 8;

/**
 * The step of the unlabelled ticks between the ruler's markers: the finest that divides the
 * marker spacing and keeps ticks at least 8 px apart; null when none fits.
 */
export function minorTickStep(spacing: number, pxPerSecond: number): number | null {
  for (const step of MINOR_STEPS) {
    if (step >= spacing) break;
    const ratio = spacing / step;
    if (Math.abs(ratio - Math.round(ratio)) > 1e-9) continue;
    if (step * pxPerSecond >= MINOR_MIN_PX) return step;
  }
  return null;
}

const ROUND_SECONDS = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
/** Drawn markers closer than this many pixels would blur into a bar. */
const MARKER_MIN_PX = 4;

/**
 * Every how many ruler markers one is drawn: 1 while they are at least 4 px apart, else the
 * fewest that lands them on round times (1 s, 2 s, 5 s...) at least 4 px apart.
 */
export function drawnMarkerStride(spacing: number, pxPerSecond: number): number {
  if (spacing * pxPerSecond >= MARKER_MIN_PX) return 1;
  for (const seconds of ROUND_SECONDS) {
    const ratio = seconds / spacing;
    if (seconds <= spacing || Math.abs(ratio - Math.round(ratio)) > 1e-9) continue;
    if (seconds * pxPerSecond >= MARKER_MIN_PX) return Math.round(ratio);
  }
  return Math.max(1, Math.ceil(MARKER_MIN_PX / (spacing * pxPerSecond)));
}

/**
 * A word chip's text for `maxWidth` pixels: the whole word, else its first letters and an
 * ellipsis, else nothing, never a letter cut in two (issue 33: not "Tod" for "Today").
 */
export function fitChipText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string {
  if (maxWidth <= 0 || text === '') return '';
  if (measure(text) <= maxWidth) return text;
  const letters = graphemes(text);
  let lo = 0;
  let hi = letters.length - 1;
  // NOTE: the longest start that fits with its ellipsis, by halving (a canvas measure is not free).
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(`${letters.slice(0, mid).join('')}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${letters.slice(0, lo).join('')}…`;
}

const segmenter =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** The letters as a reader sees them (an accent stays on its letter). */
const graphemes = (text: string): string[] =>
  segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
