// Where a kept region starts and ends: each edge snapped to the quiet beside it, then padded.
import { GAP_THRESHOLD_S } from '@roughcut/shared';
import type { EnergyTrack, Span, VoiceTrack } from '../types.ts';
import { percentile, smoothLevels } from './evidence-spans.ts';

/** How far before a span's start its onset may already sound (the detector's reaction, s). */
const ONSET_LEAD_S = 0.1;
/** smoothLevels window for steadied levels: one 10 ms frame either side, i.e. 30 ms (s). */
const STEADY_S = 0.02;
/** A steadied level this close above the room's steadied level (80th percentile) is the room. */
const STEADY_MARGIN_DB = 1.5;

/** A background whose level wanders more than this (80th - 20th percentile, dB) is music-like. */
const WANDERING_DB = 2;
/**
 * Over a wandering background an ending stops at a frame this close above the background whose
 * level no longer falls over the next SETTLE_FRAMES (dB): the word has faded into the bed.
 */
const SETTLED_DB = 3;
const SETTLE_FRAMES = 5;
/** The voice detector stirs (a weak first sound) at this probability, below its onset threshold. */
const STIR_PROB = 0.08;

/** A cut is kept at least this long, so rounding to hundredths never turns a gap into none. */
export const MIN_GAP_S = GAP_THRESHOLD_S + 0.02;

export type SnapOptions = {
  maxSnapS: number;
  maxTrimS: number;
  /** Over background sound an onset moves in no further than the padding gives back. */
  minHeadPadS: number;
  minTailPadS: number;
  /** The voice detector's probabilities: over a music bed they bound how far an onset moves out. */
  voice?: VoiceTrack;
};

/**
 * Where the detector first stirs in the run of windows leading up to `t` (seconds): `t` itself
 * when the window before it is quiet (the evidence did not start with the detector).
 */
export function stirredAt(voice: VoiceTrack | undefined, t: number): number {
  if (!voice) return t;
  const from = Math.min(voice.prob.length, Math.round(t / voice.frameS));
  let k = from;
  while (k > 0 && voice.prob[k - 1]! >= STIR_PROB) k--;
  return k === from ? t : Math.min(t, k * voice.frameS);
}

/**
 * A level track an edge may be placed on, and the level below which it is quiet whatever is
 * beside it (so the faint ringing a lossy codec leaves after a word is not taken for the word).
 */
export type EdgeTrack = { energy: EnergyTrack; floorDb: number };

/**
 * A snapped span. An edge is clean when the sound beside it is at the floor (no background): the
 * word's fade was followed all the way down, so no padding is needed to be sure of it.
 */
export type SnappedSpan = Span & { cleanStart?: boolean; cleanEnd?: boolean };

/** One track's levels, and the quiet of a stretch of it. */
function edgeView(track: EdgeTrack) {
  const { db } = track.energy;
  // NOTE: over 3 frames (one either side), so a room's 10 ms flickers do not stop an edge.
  const steady = smoothLevels(track.energy, STEADY_S);
  const part = (a: Float32Array, from: number, to: number) =>
    a.subarray(Math.max(0, from), Math.max(0, from, to));
  return {
    db,
    steady,
    floorDb: track.floorDb,
    background: (from: number, to: number): number =>
      (percentile(part(db, from, to), 0.8) ?? -100) + 3,
    steadyBackground: (from: number, to: number): number =>
      Math.max(track.floorDb, (percentile(part(steady, from, to), 0.8) ?? -100) + STEADY_MARGIN_DB),
    /** How much the background wanders (80th minus 20th percentile, dB): smaller is steadier. */
    spread: (from: number, to: number): number => {
      const a = part(db, from, to);
      return (percentile(a, 0.8) ?? 0) - (percentile(a, 0.2) ?? 0);
    },
  };
}
type EdgeView = ReturnType<typeof edgeView>;

/** The track whose background beside an edge is steadiest: level decisions on it are surest. */
function steadiest(views: readonly EdgeView[], from: number, to: number): EdgeView {
  let best = views[0]!;
  for (const v of views.slice(1)) if (v.spread(from, to) < best.spread(from, to)) best = v;
  return best;
}

/**
 * Puts each edge where the sound meets the quiet next to it: out while the audio is still louder
 * than that quiet (a fading word ending), or back while the detector's edge lies in quiet already
 * (it reacts a window or two late). Only quiet frames are ever given up, so no word is cut into.
 * NOTE: "quiet" is the 80th percentile of the second of audio beside the edge plus 3 dB, so a
 * fluctuating background (room tone, a music bed) counts as quiet too; never below the track's
 * floor. Each edge is placed on the track (plain or pre-emphasised level) whose background beside
 * it is steadiest: pre-emphasis flattens a pink room tone, while a music bed's plucks and chord
 * changes stand out more there than in the plain level.
 */
export function snapToQuiet(
  tracks: readonly EdgeTrack[],
  spans: readonly Span[],
  o: SnapOptions,
): SnappedSpan[] {
  const views = tracks.map(edgeView);
  const f = tracks[0]!.energy.frameS;
  const frames = tracks[0]!.energy.db.length;
  const second = Math.round(1 / f);
  const trim = Math.round(o.maxTrimS / f);
  const snap = Math.round(o.maxSnapS / f);
  const lead = Math.round(ONSET_LEAD_S / f);
  const snapped = spans.map((span, i) => {
    const lower = Math.ceil((i > 0 ? spans[i - 1]!.end : 0) / f);
    const upper = Math.floor((i < spans.length - 1 ? spans[i + 1]!.start : frames * f) / f);
    let first = Math.max(lower, Math.floor(span.start / f));
    let last = Math.min(upper, Math.ceil(span.end / f));
    // NOTE: judged past the frames an edge may still move over, so a fading word is not counted.
    const [beforeFrom, beforeTo] =
      first - trim - lower >= 10
        ? [Math.max(lower, first - trim - second), first - trim]
        : [lower, first];
    // NOTE: the detector hears an onset late, so the frames just before the next span may be that
    // onset: they are left out of this edge's quiet (they made a short clean pause look noisy).
    const quietEnd = i < spans.length - 1 && upper - lead >= last + 5 ? upper - lead : upper;
    const [afterFrom, afterTo] =
      quietEnd - last - trim >= 10
        ? [last + trim, Math.min(quietEnd, last + trim + second)]
        : [last, quietEnd];
    const on = steadiest(views, beforeFrom, beforeTo);
    const backgroundBefore = on.background(beforeFrom, beforeTo);
    const steadyBefore = on.steadyBackground(beforeFrom, beforeTo);
    const before = Math.max(on.floorDb, backgroundBefore);
    const cleanStart = backgroundBefore <= on.floorDb;
    // WARNING: over background sound a weak onset (f, s, th) is as quiet as the room, so moving an
    // onset in there clipped speech; it stays within the minimum padding. A detector's end runs
    // 100-200 ms late in noise (its hangover), so an ending is moved in over frames whose level,
    // steadied over 30 ms, is at the room's: a word's fading tail stays above it and the padding
    // after the edge covers a tail that sinks into the room.
    const trimStart = cleanStart ? trim : Math.round(Math.min(o.maxTrimS, o.minHeadPadS) / f);
    const firstTrimLimit = Math.min(first + trimStart, last - 1);
    while (first < firstTrimLimit && on.db[first]! <= before) first++;
    // WARNING: over a wandering background (a music bed) a chord change or a pluck just before a
    // word rises like its onset, and walking out over it squeezed the pause out of being cut, while
    // a first syllable can sink under the bed. The detector stirs at a weak onset but not at the
    // music: there the onset is where it first stirs (its 32 ms window starts before the sound).
    const snapLimit = Math.max(lower, first - snap);
    const wandering = on.spread(beforeFrom, beforeTo) > WANDERING_DB;
    const stirredS = stirredAt(o.voice, span.start);
    const stirred = Math.max(snapLimit, Math.floor(stirredS / f));
    const firstLimit = wandering ? Math.min(first, stirred) : snapLimit;
    const louder = (k: number) =>
      on.db[k]! > before || (!cleanStart && on.steady[k]! > steadyBefore);
    while (first - 1 >= firstLimit && louder(first - 1)) first--;
    if (wandering && stirredS < span.start) first = Math.min(first, stirred);
    const off = steadiest(views, afterFrom, afterTo);
    const cleanEnd = off.background(afterFrom, afterTo) <= off.floorDb;
    const wanderingAfter = off.spread(afterFrom, afterTo) > WANDERING_DB;
    const end = (v: EdgeView): number => {
      const after = Math.max(v.floorDb, v.background(afterFrom, afterTo));
      const steadyAfter = v.steadyBackground(afterFrom, afterTo);
      // NOTE: a bed can be louder just after a word than later in the pause (a pluck dying away):
      // measured against the whole pause it sounded like the word's tail, and the ending stayed
      // 60 ms into the music. A tail still falls; the bed beside it has stopped falling.
      const settled = (j: number) => {
        if (!wanderingAfter || v.db[j]! > after + SETTLED_DB) return false;
        const next = v.db.subarray(j + 1, Math.min(upper, j + 1 + SETTLE_FRAMES));
        return next.length > 0 && v.db[j]! <= Math.min(...next) + SETTLED_DB;
      };
      let k = last;
      const trimLimit = Math.max(k - trim, first + 1);
      if (cleanEnd) while (k > trimLimit && v.db[k - 1]! <= after) k--;
      else while (k > trimLimit && (v.steady[k - 1]! <= steadyAfter || settled(k - 1))) k--;
      const limit = Math.min(upper, k + snap);
      while (k < limit && v.db[k]! > after && !settled(k)) k++;
      return k;
    };
    // NOTE: over a wandering background (a music bed) a word's fading tail sinks under the bed on
    // one level and not the other (its bass, or its hiss), so the ending stays while either level
    // says the word still sounds.
    last = wanderingAfter ? Math.max(...views.map(end)) : end(off);
    return { start: first * f, end: last * f, cleanStart, cleanEnd };
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
