// The never-cut-a-word figures, from ground truth: how much speech survives, whether the gaps are
// the true pauses, how far their edges sit from where the padding puts them, and how many words a
// recogniser still hears after the cut. Used by the quality bench and the regression tests.
import { GAP_THRESHOLD_S } from '@roughcut/shared';
import type { Gap, Span } from '../types.ts';
import { padRegions } from '../vad/snap-edges.ts';
import { DEFAULT_EVIDENCE } from '../vad/speech-evidence.ts';
import { detectGaps } from '../edit/gap-detection.rules.ts';

const overlap = (a: Span, b: Span) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

const length = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + s.end - s.start, 0);

/** Share of the true speech time that lies inside the kept spans (1 = nothing clipped). */
export function speechKept(speech: readonly Span[], kept: readonly Span[]): number {
  const total = length(speech);
  if (total <= 0) return 1;
  let inside = 0;
  for (const s of speech) for (const k of kept) inside += overlap(s, k);
  return inside / total;
}

/** The true pauses the gap rule should find: silences longer than the threshold. */
export const truePauses = (silences: readonly Span[]): Span[] =>
  silences.filter((g) => Math.round((g.end - g.start) * 100) > Math.round(GAP_THRESHOLD_S * 100));

/**
 * Where a perfect detector with our padding puts the gaps, given the true speech; `clean` when
 * there is no background sound (edges then need no minimum padding).
 */
export function expectedGaps(speech: readonly Span[], durationS: number, clean = false): Gap[] {
  const edges = speech.map((s) => ({ ...s, cleanStart: clean, cleanEnd: clean }));
  const regions = padRegions(edges, durationS, DEFAULT_EVIDENCE);
  return detectGaps(regions, durationS);
}

export type GapScore = {
  found: number;
  truth: number;
  precision: number;
  recall: number;
  /** Largest distance of a found edge from the expected (padded) edge, seconds. */
  maxEdgeErrorS: number;
  meanEdgeErrorS: number;
};

/**
 * Found gaps against true pauses: a found gap is right when most of it lies in one true pause; a
 * pause is found when such a gap lies in it. Edges are compared with the padded expectation.
 */
export function scoreGaps(
  found: readonly Span[],
  speech: readonly Span[],
  silences: readonly Span[],
  durationS: number,
  clean = false,
): GapScore {
  const truth = truePauses(silences);
  const expected = expectedGaps(speech, durationS, clean);
  const home = (g: Span) => truth.find((t) => overlap(g, t) >= 0.5 * (g.end - g.start));
  const right = found.filter((g) => home(g));
  const recalled = truth.filter((t) => found.some((g) => home(g) === t));
  const errors: number[] = [];
  for (const g of right) {
    const e = expected.find((x) => overlap(x, home(g)!) > 0);
    if (e) errors.push(Math.abs(g.start - e.start), Math.abs(g.end - e.end));
  }
  return {
    found: found.length,
    truth: truth.length,
    precision: found.length ? right.length / found.length : truth.length ? 0 : 1,
    recall: truth.length ? recalled.length / truth.length : 1,
    maxEdgeErrorS: errors.length ? Math.max(...errors) : 0,
    meanEdgeErrorS: errors.length ? errors.reduce((a, b) => a + b, 0) / errors.length : 0,
  };
}

const normalise = (word: string) => word.toLowerCase().replace(/[^a-z0-9']/g, '');

/** Longest common subsequence of two word lists (how many of `a` survive, in order, in `b`). */
export function commonWords(a: readonly string[], b: readonly string[]): number {
  const x = a.map(normalise).filter(Boolean);
  const y = b.map(normalise).filter(Boolean);
  let previous = new Uint32Array(y.length + 1);
  for (const word of x) {
    const row = new Uint32Array(y.length + 1);
    for (let j = 1; j <= y.length; j++) {
      row[j] = word === y[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    }
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/**
 * Where the words of `a` that a longest common subsequence with `b` keeps stand in `b`: indices
 * into `b`'s normalised words (blank ones left out), in order.
 */
export function alignedIndices(a: readonly string[], b: readonly string[]): number[] {
  const x = a.map(normalise).filter(Boolean);
  const y = b.map(normalise).filter(Boolean);
  const table = x.map(() => new Uint32Array(y.length + 1));
  const at = (i: number, j: number) => (i < 0 ? 0 : table[i]![j]!);
  x.forEach((word, i) => {
    for (let j = 1; j <= y.length; j++) {
      table[i]![j] =
        word === y[j - 1] ? at(i - 1, j - 1) + 1 : Math.max(at(i - 1, j), at(i, j - 1));
    }
  });
  const kept: number[] = [];
  for (let i = x.length - 1, j = y.length; i >= 0 && j > 0;) {
    if (x[i] === y[j - 1]) {
      kept.push(j - 1);
      i--;
      j--;
    } else if (at(i - 1, j) >= at(i, j - 1)) i--;
    else j--;
  }
  return kept.reverse();
}

/** The words of `a` that a longest common subsequence with `b` keeps (normalised, in order). */
export function alignedWords(a: readonly string[], b: readonly string[]): string[] {
  const y = b.map(normalise).filter(Boolean);
  return alignedIndices(a, b).map((j) => y[j]!);
}

/** Share of the words heard in the source that are heard again, in order, in the output. */
export function wordRetention(source: readonly string[], output: readonly string[]): number {
  const heard = source.map(normalise).filter(Boolean).length;
  return heard ? commonWords(source, output) / heard : 1;
}
