// Where a kept region starts and ends: each edge snapped to the quiet beside it, then padded.
import { GAP_THRESHOLD_S } from '@roughcut/shared';
import type { EnergyTrack, Span } from '../types.ts';
import { percentile, smoothLevels } from './evidence-spans.ts';

/** How far before a span's start its onset may already sound (the detector's reaction, s). */
const ONSET_LEAD_S = 0.1;
/** smoothLevels window for steadied levels: one 10 ms frame either side, i.e. 30 ms (s). */
const STEADY_S = 0.02;
/** A steadied level this close above the room's steadied level (80th percentile) is the room. */
const STEADY_MARGIN_DB = 1.5;

/** A cut is kept at least this long, so rounding to hundredths never turns a gap into none. */
export const MIN_GAP_S = GAP_THRESHOLD_S + 0.02;

export type SnapOptions = {
  maxSnapS: number;
  maxTrimS: number;
  floorDb: number;
  /** Over background sound an onset moves in no further than the padding gives back. */
  minHeadPadS: number;
  minTailPadS: number;
};

/**
 * A snapped span. An edge is clean when the sound beside it is at the floor (no background): the
 * word's fade was followed all the way down, so no padding is needed to be sure of it.
 */
export type SnappedSpan = Span & { cleanStart?: boolean; cleanEnd?: boolean };

/**
 * Puts each edge where the sound meets the quiet next to it: out while the audio is still louder
 * than that quiet (a fading word ending), or back while the detector's edge lies in quiet already
 * (it reacts a window or two late). Only quiet frames are ever given up, so no word is cut into.
 * NOTE: "quiet" is the 80th percentile of the second of audio beside the edge plus 3 dB, so a
 * fluctuating background (room tone, a music bed) counts as quiet too; never below `floorDb`, so
 * the faint ringing a lossy codec leaves after a word in digital silence is not taken for the word.
 */
export function snapToQuiet(
  energy: EnergyTrack,
  spans: readonly Span[],
  o: SnapOptions,
): SnappedSpan[] {
  const f = energy.frameS;
  const db = energy.db;
  const background = (from: number, to: number): number =>
    (percentile(db.subarray(Math.max(0, from), Math.max(0, to)), 0.8) ?? -100) + 3;
  const second = Math.round(1 / f);
  const trim = Math.round(o.maxTrimS / f);
  const snap = Math.round(o.maxSnapS / f);
  const lead = Math.round(ONSET_LEAD_S / f);
  // NOTE: over 3 frames (one either side), so a room's 10 ms flickers do not stop an edge.
  const steady = smoothLevels(energy, STEADY_S);
  const steadyBackground = (from: number, to: number): number =>
    Math.max(
      o.floorDb,
      (percentile(steady.subarray(Math.max(0, from), Math.max(0, from, to)), 0.8) ?? -100) +
        STEADY_MARGIN_DB,
    );
  const snapped = spans.map((span, i) => {
    const lower = Math.ceil((i > 0 ? spans[i - 1]!.end : 0) / f);
    const upper = Math.floor((i < spans.length - 1 ? spans[i + 1]!.start : db.length * f) / f);
    let first = Math.max(lower, Math.floor(span.start / f));
    let last = Math.min(upper, Math.ceil(span.end / f));
    // NOTE: judged past the frames an edge may still move over, so a fading word is not counted.
    const [beforeFrom, beforeTo] =
      first - trim - lower >= 10
        ? [Math.max(lower, first - trim - second), first - trim]
        : [lower, first];
    const backgroundBefore = background(beforeFrom, beforeTo);
    const steadyBefore = steadyBackground(beforeFrom, beforeTo);
    // NOTE: the detector hears an onset late, so the frames just before the next span may be that
    // onset: they are left out of this edge's quiet (they made a short clean pause look noisy).
    const quietEnd = i < spans.length - 1 && upper - lead >= last + 5 ? upper - lead : upper;
    const [afterFrom, afterTo] =
      quietEnd - last - trim >= 10
        ? [last + trim, Math.min(quietEnd, last + trim + second)]
        : [last, quietEnd];
    const backgroundAfter = background(afterFrom, afterTo);
    const steadyAfter = steadyBackground(afterFrom, afterTo);
    const before = Math.max(o.floorDb, backgroundBefore);
    const after = Math.max(o.floorDb, backgroundAfter);
    const cleanStart = backgroundBefore <= o.floorDb;
    const cleanEnd = backgroundAfter <= o.floorDb;
    // WARNING: over background sound a weak onset (f, s, th) is as quiet as the room, so moving an
    // onset in there clipped speech; it stays within the minimum padding. A detector's end runs
    // 100-200 ms late in noise (its hangover), so an ending is moved in over frames whose level,
    // steadied over 30 ms, is at the room's: a word's fading tail stays above it and the padding
    // after the edge covers a tail that sinks into the room.
    const trimStart = cleanStart ? trim : Math.round(Math.min(o.maxTrimS, o.minHeadPadS) / f);
    const firstTrimLimit = Math.min(first + trimStart, last - 1);
    while (first < firstTrimLimit && db[first]! <= before) first++;
    const firstLimit = Math.max(lower, first - snap);
    const louder = (k: number) => db[k]! > before || (!cleanStart && steady[k]! > steadyBefore);
    while (first - 1 >= firstLimit && louder(first - 1)) first--;
    const lastTrimLimit = Math.max(last - trim, first + 1);
    if (cleanEnd) while (last > lastTrimLimit && db[last - 1]! <= after) last--;
    else while (last > lastTrimLimit && steady[last - 1]! <= steadyAfter) last--;
    const lastLimit = Math.min(upper, last + snap);
    while (last < lastLimit && db[last]! > after) last++;
    return {
      start: first * f,
      end: last * f,
      cleanStart,
      cleanEnd,
    };
  });
  const merged: SnappedSpan[] = [];
  for (const s of snapped) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) Object.assign(last, { end: s.end, cleanEnd: s.cleanEnd });
    else merged.push(s);
  }
  return merged;
}

export type PadOptions = {
  headPadS: number;
  tailPadS: number;
  /** Kept beside an edge with background sound, even when that leaves a pause too short to cut. */
  minHeadPadS: number;
  minTailPadS: number;
};

/**
 * Pads snapped spans into kept regions. A pause is a gap only if, after the minimum padding on
 * each side, more than the threshold is left (SPEC section 5); otherwise its neighbours become one
 * region. What a gap can spare above MIN_GAP_S goes to padding, in proportion, up to the full pads.
 */
export function padRegions(
  snapped: readonly SnappedSpan[],
  durationS: number,
  o: PadOptions,
): Span[] {
  const minHead = (s?: SnappedSpan) => (!s ? 0 : s.cleanStart ? 0 : o.minHeadPadS);
  const minTail = (s?: SnappedSpan) => (!s ? 0 : s.cleanEnd ? 0 : o.minTailPadS);
  const needs = (before?: SnappedSpan, after?: SnappedSpan) =>
    minTail(before) + MIN_GAP_S + minHead(after);
  const joined: SnappedSpan[] = [];
  for (const s of snapped) {
    const last = joined[joined.length - 1];
    if (last && s.start - last.end < needs(last, s)) {
      Object.assign(last, { end: Math.max(last.end, s.end), cleanEnd: s.cleanEnd });
    } else joined.push({ ...s, start: Math.max(0, s.start), end: Math.min(durationS, s.end) });
  }
  const first = joined[0];
  const final = joined[joined.length - 1];
  if (first && first.start < needs(undefined, first)) first.start = 0;
  if (final && durationS - final.end < needs(final, undefined)) final.end = durationS;
  const pad = (pause: number, before?: SnappedSpan, after?: SnappedSpan) => {
    const extra = Math.max(0, pause - needs(before, after));
    const extraTail = before ? o.tailPadS - minTail(before) : 0;
    const extraHead = after ? o.headPadS - minHead(after) : 0;
    const share = Math.min(1, extra / Math.max(1e-9, extraTail + extraHead));
    return { tail: minTail(before) + extraTail * share, head: minHead(after) + extraHead * share };
  };
  return joined.map((r, i) => {
    const previous = joined[i - 1];
    const next = joined[i + 1];
    const head = r.start > 0 ? pad(r.start - (previous?.end ?? 0), previous, r).head : 0;
    const tail = r.end < durationS ? pad((next?.start ?? durationS) - r.end, r, next).tail : 0;
    return { start: Math.max(0, r.start - head), end: Math.min(durationS, r.end + tail) };
  });
}
