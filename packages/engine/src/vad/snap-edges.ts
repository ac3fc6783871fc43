// Where a kept region starts and ends: each edge snapped to the quiet beside it, then padded.
import { GAP_THRESHOLD_S } from '@roughcut/shared';
import type { EnergyTrack, Span } from '../types.ts';
import { percentile } from './evidence-spans.ts';

/** A cut is kept at least this long, so rounding to hundredths never turns a gap into none. */
export const MIN_GAP_S = GAP_THRESHOLD_S + 0.02;

export type SnapOptions = {
  maxSnapS: number;
  maxTrimS: number;
  floorDb: number;
  /** Over background sound an edge moves in no further than the padding gives back. */
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
  const snapped = spans.map((span, i) => {
    const lower = Math.ceil((i > 0 ? spans[i - 1]!.end : 0) / f);
    const upper = Math.floor((i < spans.length - 1 ? spans[i + 1]!.start : db.length * f) / f);
    let first = Math.max(lower, Math.floor(span.start / f));
    let last = Math.min(upper, Math.ceil(span.end / f));
    // NOTE: judged past the frames an edge may still move over, so a fading word is not counted.
    const backgroundBefore =
      first - trim - lower >= 10
        ? background(Math.max(lower, first - trim - second), first - trim)
        : background(lower, first);
    const backgroundAfter =
      upper - last - trim >= 10
        ? background(last + trim, Math.min(upper, last + trim + second))
        : background(last, upper);
    const before = Math.max(o.floorDb, backgroundBefore);
    const after = Math.max(o.floorDb, backgroundAfter);
    // WARNING: over background sound a weak onset or ending (f, s, th) is as quiet as the room,
    // so moving in there clipped speech; the detector starts late and ends late anyway.
    const cleanStart = backgroundBefore <= o.floorDb;
    const cleanEnd = backgroundAfter <= o.floorDb;
    const trimStart = cleanStart ? trim : Math.round(Math.min(o.maxTrimS, o.minHeadPadS) / f);
    const trimEnd = cleanEnd ? trim : Math.round(Math.min(o.maxTrimS, o.minTailPadS) / f);
    const firstTrimLimit = Math.min(first + trimStart, last - 1);
    while (first < firstTrimLimit && db[first]! <= before) first++;
    const firstLimit = Math.max(lower, first - snap);
    while (first - 1 >= firstLimit && db[first - 1]! > before) first--;
    const lastTrimLimit = Math.max(last - trimEnd, first + 1);
    while (last > lastTrimLimit && db[last - 1]! <= after) last--;
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
