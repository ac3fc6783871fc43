// The clip's segments (subtitle phrases) and gaps from the speech evidence. Gaps are the quiet
// between kept regions, so a stretch with voice is never cut, whether or not the recogniser found
// words in it; voice without words becomes a segment with no text for the user to type or delete.
import { GAP_THRESHOLD_S } from '@roughcut/shared';
import type { Gap, Phrase, Span } from '../types.ts';
import { subtractSpans } from '../vad/evidence-spans.ts';
import { spanIndex } from './span-index.ts';
import type { SpanIndex } from './span-index.ts';
import { DEFAULT_EVIDENCE } from '../vad/speech-evidence.ts';
import { detectGaps } from './gap-detection.rules.ts';

export type SegmentOptions = {
  /** Uncovered voice at least this long becomes a segment of its own (seconds). */
  missedMinS?: number;
  /** Voice this close to a recognised phrase belongs to it (the words' times are approximate). */
  wordSlackS?: number;
  headPadS?: number;
  tailPadS?: number;
};

const DEFAULTS = { missedMinS: 0.3, wordSlackS: 0.15 } as const;

const emptySegment = (start: number, end: number): Phrase => ({
  start,
  end,
  phrase: '',
  words: [],
});

/**
 * One region's segments: its phrases, the first and last stretched to the region's edges, and a
 * text-less segment wherever the voice detector heard speech no recognised word accounts for.
 */
function regionSegments(
  region: Span,
  phrases: Phrase[],
  voice: SpanIndex<Span>,
  o: Required<SegmentOptions>,
): Phrase[] {
  const covered = phrases.map((p) => ({
    start: p.start - o.wordSlackS,
    end: p.end + o.wordSlackS,
  }));
  const inRegion = voice
    .overlapping(region)
    .map((v) => ({ start: Math.max(v.start, region.start), end: Math.min(v.end, region.end) }))
    .filter((v) => v.end > v.start);
  const missed = subtractSpans(inRegion, covered);
  const out: Phrase[] = phrases.map((p) => ({ ...p }));
  // Uncovered voice that lies close together is one missed stretch.
  let group: Span[] = [];
  const flush = () => {
    const total = group.reduce((sum, s) => sum + s.end - s.start, 0);
    if (group.length && total >= o.missedMinS) {
      // NOTE: the padding is less than the word slack, so it never reaches into a phrase.
      out.push(
        emptySegment(
          Math.max(region.start, group[0]!.start - o.headPadS),
          Math.min(region.end, group[group.length - 1]!.end + o.tailPadS),
        ),
      );
    }
    group = [];
  };
  for (const s of missed) {
    const last = group[group.length - 1];
    const between = last ? out.some((p) => p.start >= last.end && p.end <= s.start) : false;
    if (last && (between || s.start - last.end > GAP_THRESHOLD_S)) flush();
    group.push(s);
  }
  flush();
  out.sort((a, b) => a.start - b.start);
  const first = out[0];
  const last = out[out.length - 1];
  if (first) first.start = Math.min(first.start, region.start);
  if (last) last.end = Math.max(last.end, region.end);
  return out.filter((p) => p.end > p.start);
}

/** Every region's segments, in time order. Phrases are placed in the region holding their middle. */
export function buildSegments(
  phrases: readonly Phrase[],
  evidence: { regions: readonly Span[]; voice: readonly Span[] },
  options: SegmentOptions = {},
): Phrase[] {
  const o: Required<SegmentOptions> = {
    ...DEFAULTS,
    headPadS: DEFAULT_EVIDENCE.headPadS,
    tailPadS: DEFAULT_EVIDENCE.tailPadS,
    ...options,
  };
  const sorted = [...phrases].sort((a, b) => a.start - b.start);
  const placed = new Set<Phrase>();
  // NOTE (issue 35): each region looks up its phrases (by their middles) and its voice by binary
  // search; filtering every phrase and voice span per region made a 4-hour talk's segments grow
  // with the square of its length.
  const middles = spanIndex(
    sorted.map((p, order) => ({ start: (p.start + p.end) / 2, end: (p.start + p.end) / 2, order })),
  );
  const voice = spanIndex(evidence.voice);
  const segments = evidence.regions.flatMap((region) => {
    const inside = middles
      .startingWithin(region.start, region.end)
      .map((m) => m.order)
      .sort((a, b) => a - b)
      .map((order) => sorted[order]!)
      .filter((p) => !placed.has(p));
    inside.forEach((p) => placed.add(p));
    return regionSegments(region, inside, voice, o);
  });
  // NOTE: a phrase outside every region cannot happen (its words are evidence); kept if it does.
  const stray = sorted.filter((p) => !placed.has(p));
  return [...segments, ...stray].sort((a, b) => a.start - b.start);
}

/** SPEC section 5 gaps: the silences between the kept regions longer than the threshold. */
export const findGaps = (regions: readonly Span[], durationS: number): Gap[] =>
  detectGaps(regions, durationS);
