// Spans and levels the speech evidence is built from: voice by hysteresis on the detector's
// probabilities, sustained sound from the energy track, and their union.
import type { EnergyTrack, Span, VoiceTrack } from '../types.ts';

/** Sorted union of spans, joining those at most `joinS` apart. */
export function mergeSpans(spans: readonly Span[], joinS = 0): Span[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start - last.end <= joinS) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** The first index of `sorted` (by start, ends rising) whose end is after `at`. */
function firstEndingAfter(sorted: readonly Span[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid]?.end ?? 0) <= at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * `spans` minus `holes`. WARNING (issue 35): each span meets only the holes over it (the holes
 * joined and sorted once): cutting every span by every hole made a 4-hour talk's words minus its
 * voice take 13 s. NOTE: touching holes join, and an empty hole still splits a span at its point.
 */
export function subtractSpans(spans: readonly Span[], holes: readonly Span[]): Span[] {
  const joined: Span[] = [];
  for (const hole of [...holes].sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && hole.start <= last.end) last.end = Math.max(last.end, hole.end);
    else joined.push({ start: hole.start, end: hole.end });
  }
  const out: Span[] = [];
  const keep = (start: number, end: number) => {
    if (end - start > 1e-6) out.push({ start, end });
  };
  for (const span of spans) {
    let from = span.start;
    let cut = false;
    for (let k = firstEndingAfter(joined, span.start); k < joined.length; k++) {
      const hole = joined[k]!;
      if (hole.start >= span.end) break;
      keep(from, hole.start);
      from = hole.end;
      cut = true;
    }
    if (cut) keep(from, span.end);
    else out.push({ start: span.start, end: span.end });
  }
  return out;
}

/** Whether a span overlaps any of `sorted` (disjoint, by start): a binary search, not a scan. */
export function overlapsAny(sorted: readonly Span[], span: Span): boolean {
  const other = sorted[firstEndingAfter(sorted, span.start)];
  return other !== undefined && other.start < span.end;
}

/** Voice spans by hysteresis on the detector's probabilities; pauses under 100 ms are bridged. */
export function voiceSpans(voice: VoiceTrack, onProb: number, offProb: number): Span[] {
  const spans: Span[] = [];
  let start = -1;
  for (let i = 0; i <= voice.prob.length; i++) {
    const p = voice.prob[i] ?? 0;
    if (start < 0 && i < voice.prob.length && p >= onProb) start = i;
    else if (start >= 0 && (p < offProb || i === voice.prob.length)) {
      spans.push({ start: start * voice.frameS, end: i * voice.frameS });
      start = -1;
    }
  }
  return mergeSpans(spans, 0.1);
}

export function percentile(values: ArrayLike<number>, p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

export const frameRange = (energy: EnergyTrack, span: Span): [number, number] => [
  Math.max(0, Math.floor(span.start / energy.frameS)),
  Math.min(energy.db.length, Math.ceil(span.end / energy.frameS)),
];

/** The levels of every frame inside the spans, digital silence left out. */
export function levelsIn(energy: EnergyTrack, spans: readonly Span[]): number[] {
  const out: number[] = [];
  for (const span of spans) {
    const [from, to] = frameRange(energy, span);
    for (let i = from; i < to; i++) if (energy.db[i]! > -90) out.push(energy.db[i]!);
  }
  return out;
}

/**
 * Loudness over about 100 ms around each frame (mean power in dB): a plucked note or a click
 * is a short peak, while sound that matters (a laugh, a jingle) stays up.
 */
export function smoothLevels(energy: EnergyTrack, windowS = 0.1): Float32Array {
  const half = Math.max(0, Math.round(windowS / energy.frameS / 2));
  const power = Float64Array.from(energy.db, (d) => 10 ** (d / 10));
  const out = new Float32Array(power.length);
  let sum = 0;
  let from = 0;
  let to = 0;
  for (let i = 0; i < power.length; i++) {
    while (to < Math.min(power.length, i + half + 1)) sum += power[to++]!;
    while (from < i - half) sum -= power[from++]!;
    out[i] = 10 * Math.log10(Math.max(1e-10, sum / Math.max(1, to - from)));
  }
  return out;
}

/** Runs of at least `minS` where `levels` stay above `thresholdDb` (dips under 50 ms bridged). */
export function soundRuns(
  levels: Float32Array,
  frameS: number,
  thresholdDb: number,
  minS: number,
): Span[] {
  const runs: Span[] = [];
  let start = -1;
  for (let i = 0; i <= levels.length; i++) {
    const loud = i < levels.length && levels[i]! > thresholdDb;
    if (loud && start < 0) start = i;
    if (!loud && start >= 0) {
      runs.push({ start: start * frameS, end: i * frameS });
      start = -1;
    }
  }
  return mergeSpans(runs, 0.05).filter((r) => r.end - r.start >= minS);
}

/** Where both sorted, non-overlapping span lists cover the time. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]!.end <= x.start) j++;
    for (let k = j; k < b.length && b[k]!.start < x.end; k++) {
      const start = Math.max(x.start, b[k]!.start);
      const end = Math.min(x.end, b[k]!.end);
      if (end > start) out.push({ start, end });
    }
  }
  return out;
}
