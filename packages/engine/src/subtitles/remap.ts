// Source-time segments onto a cut timeline. Pure, NO node imports.
import { phraseWords } from './word-timing.ts';
import type { TimedWord } from './word-timing.ts';

export type TimedText = {
  start: number;
  end: number;
  phrase: string;
  words?: readonly TimedWord[] | undefined;
};
export type KeptSpan = { start: number; end: number };

/**
 * Maps segments in source seconds onto the timeline made by joining `keep` spans in order. The parts
 * of a segment inside removed stretches are dropped; a segment straddling a cut becomes one piece
 * per kept span it touches (consecutive pieces are merged, as they meet on the cut timeline).
 * Pieces shorter than 10 ms are dropped. A segment's words (when it has any) are mapped too, each
 * piece carrying them all: a word inside a removed stretch shrinks to the cut point.
 */
export function remapSegments<T extends TimedText>(
  segments: readonly T[],
  keep: readonly KeptSpan[],
): T[] {
  const spans = [...keep].filter((k) => k.end > k.start).sort((a, b) => a.start - b.start);
  const offsets: number[] = [];
  // NOTE: the latest end so far, which never falls: "the first span ending at or after t" is a
  // binary search on it even where spans overlap, so a 4-hour edit's 20,000 spans are not scanned
  // once per word and per phrase (issue 35).
  const reach: number[] = [];
  let total = 0;
  for (const span of spans) {
    offsets.push(total);
    reach.push(Math.max(reach[reach.length - 1] ?? -Infinity, span.end));
    total += span.end - span.start;
  }
  /** The first index whose value is not below `t` (at: reach) or is above it (at: the starts). */
  const search = (t: number, above: boolean): number => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const passed = above ? spans[mid]!.start <= t : reach[mid]! < t;
      if (passed) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // A source time on the cut timeline; a time inside a removed stretch lands on the cut.
  const mapTime = (t: number): number => {
    // NOTE: the first span that starts after t or still holds it, as a scan in order finds it.
    if (Number.isNaN(t)) return total;
    const i = Math.min(search(t, true), search(t, false));
    const span = spans[i];
    if (!span) return total;
    if (t < span.start) return offsets[i] ?? 0;
    return (offsets[i] ?? 0) + t - span.start;
  };
  const out: T[] = [];
  for (const seg of segments) {
    // NOTE: the words are resolved against the whole phrase first (phraseWords), so an edited
    // phrase spreads its words over its source time, as the preview on the source timeline does.
    const words =
      seg.words === undefined
        ? undefined
        : phraseWords(seg).map((w) => ({
            text: w.text,
            start: round3(mapTime(w.start)),
            end: round3(mapTime(w.end)),
          }));
    let piece: T | undefined;
    // NOTE: only spans from the first reaching the segment's start to the last starting by its end
    // can hold a piece of it; the others would make none.
    for (let i = search(seg.start, false); i < spans.length; i++) {
      const span = spans[i]!;
      if (span.start > seg.end) break;
      const start = Math.max(seg.start, span.start);
      const end = Math.min(seg.end, span.end);
      if (end - start < 0.01) continue;
      const base = (offsets[i] ?? 0) - span.start;
      const mapped = { start: round3(start + base), end: round3(end + base) };
      if (piece && Math.abs(piece.end - mapped.start) < 0.001) {
        piece.end = mapped.end;
      } else {
        piece = { ...seg, ...mapped, ...(words ? { words } : {}) };
        out.push(piece);
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;
