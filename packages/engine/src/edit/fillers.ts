// Filler detection: "um", "uh", "erm", "ah", "hmm", "mm" as the recogniser wrote them (Moonshine
// writes "Um," or "Uh,"; sphinx-style tokens look like ++UM++), and short sustained voiced stretches
// between words where no word was recognised. Each becomes a removable span of kind "filler" that
// never reaches into a real word: it is padded, clamped against the neighbouring words' times and
// dropped whenever the cut it makes (with the silences) would take any part of a word.
import { MIN_GAP_LENGTH_S, clipKeptSpans, isFillerWord } from '@roughcut/shared';
import type { EnergyTrack, Gap, Span, Word } from '../types.ts';
import { frameRange, intersectSpans, percentile, subtractSpans } from '../vad/evidence-spans.ts';
import { spanIndex } from './span-index.ts';
import type { SpanIndex } from './span-index.ts';
import { roundTime } from './gap-detection.rules.ts';

export type FillerSource = 'word' | 'voice';
export type Filler = Gap & { kind: 'filler'; source: FillerSource };

export type FillerOptions = {
  /** Sound kept after the word before and before the word after (seconds). */
  guardS?: number;
  /** How far a filler word's span reaches past its own times into the pauses (seconds). */
  padS?: number;
  /** A voiced stretch without words counts from this long (seconds)... */
  voiceMinS?: number;
  /** ...up to this long: longer unrecognised voice is more likely a missed sentence. */
  voiceMaxS?: number;
  /** A voiced stretch must be at least this loud against the words' median level (dB below). */
  voiceDropDb?: number;
  /** Share of a voiced stretch's frames within `steadyDb` of its median: a held "uhhh". */
  steadyShare?: number;
  steadyDb?: number;
};

export const DEFAULT_FILLERS = {
  guardS: 0.03,
  padS: 0.05,
  voiceMinS: 0.2,
  voiceMaxS: 1,
  voiceDropDb: 15,
  steadyShare: 0.8,
  steadyDb: 6,
} as const;

// NOTE: one definition of a filler word, shared with the subtitles that drop cut fillers.
export { isFillerWord };

export type FillerInput = {
  /** The recognised words with evidence under them (the speech evidence's words). */
  words: readonly Word[];
  /** Where the voice detector heard speech. */
  voice: readonly Span[];
  energy: EnergyTrack;
  /** The silences that are cut anyway: a filler never overlaps one. */
  gaps: readonly Gap[];
  durationS: number;
};

const byStart = <T extends Span>(a: T, b: T) => a.start - b.start || a.end - b.end;
const EPS = 1e-6;

/** Where a filler between `before` and `after` may reach: a guard away from both words. */
const room = (before: Word | undefined, after: Word | undefined, o: Required<FillerOptions>) => ({
  start: before ? before.end + o.guardS : 0,
  end: after ? after.start - o.guardS : Infinity,
});

/** The runs of `span` at least `floorDb` loud (dips under 50 ms bridged). */
function loudRuns(energy: EnergyTrack, span: Span, floorDb: number): Span[] {
  const [from, to] = frameRange(energy, span);
  const runs: Span[] = [];
  let start = -1;
  let lastLoud = -1;
  for (let i = from; i <= to; i += 1) {
    const loud = i < to && (energy.db[i] ?? -Infinity) >= floorDb;
    if (loud) {
      if (start < 0 || (i - lastLoud) * energy.frameS > 0.05) {
        if (start >= 0)
          runs.push({ start: start * energy.frameS, end: (lastLoud + 1) * energy.frameS });
        start = i;
      }
      lastLoud = i;
    }
  }
  if (start >= 0) runs.push({ start: start * energy.frameS, end: (lastLoud + 1) * energy.frameS });
  return runs;
}

/** How much of `span` the voice detector heard as voice (0 to 1). */
const voicedShare = (voice: SpanIndex<Span>, span: Span): number =>
  intersectSpans(voice.overlapping(span), [span]).reduce((sum, s) => sum + (s.end - s.start), 0) /
  Math.max(EPS, span.end - span.start);

/** True when the frames of `span` hold steady, like a drawn-out "uhhh" (a word rises and falls). */
function soundsHeld(energy: EnergyTrack, span: Span, o: Required<FillerOptions>): boolean {
  // NOTE: the onset and the release (50 ms each) rise and fall in any sound; the middle is judged.
  const [from, to] = frameRange(energy, { start: span.start + 0.05, end: span.end - 0.05 });
  const levels = Array.from(energy.db.subarray(from, to));
  const median = percentile(levels, 0.5);
  if (median === undefined) return false;
  const steady = levels.filter((db) => Math.abs(db - median) <= o.steadyDb).length;
  return steady >= o.steadyShare * levels.length;
}

/** Filler candidates before the safety checks: spans and where they came from. */
function candidates(input: FillerInput, o: Required<FillerOptions>) {
  const words = [...input.words].sort(byStart);
  const real = words.filter((w) => !isFillerWord(w.text));
  const found: { span: Span; source: FillerSource }[] = [];
  const levels = real.flatMap((w) => {
    const [from, to] = frameRange(input.energy, w);
    return Array.from(input.energy.db.subarray(from, to));
  });
  const wordLevel = percentile(levels, 0.5);
  const floor = (wordLevel ?? -Infinity) - o.voiceDropDb;
  const realIndex = spanIndex(real);
  const gaps = spanIndex(input.gaps);
  const voice = spanIndex(input.voice);
  for (const word of words) {
    if (!isFillerWord(word.text)) continue;
    const before = realIndex.lastEndingBy(word.start + EPS);
    const after = realIndex.firstStartingFrom(word.end - EPS);
    const limit = room(before, after, o);
    let span = { start: word.start - o.padS, end: word.end + o.padS };
    // NOTE: the recogniser's times for a filler are rough: the island of sound it overlaps (with
    // quiet before the neighbouring words) is the filler, whatever the times say.
    for (const run of loudRuns(input.energy, limit, floor)) {
      const island = run.start > limit.start + EPS && run.end < limit.end - EPS;
      if (island && run.start < word.end && word.start < run.end) {
        span = {
          start: Math.min(span.start, run.start - o.padS),
          end: Math.max(span.end, run.end + o.padS),
        };
      }
    }
    found.push({
      span: { start: Math.max(limit.start, span.start), end: Math.min(limit.end, span.end) },
      source: 'word',
    });
  }
  if (wordLevel === undefined) return found;
  for (let i = 1; i < words.length; i += 1) {
    const hole = room(words[i - 1], words[i], o);
    if (hole.end - hole.start < o.voiceMinS) continue;
    // NOTE: only an island of sound wholly inside the hole, with quiet between it and both
    // words: sound running into a word's time is more likely that word misplaced by the aligner.
    const islands = subtractSpans(
      loudRuns(input.energy, hole, floor),
      gaps.overlapping(hole),
    ).filter(
      (run) =>
        run.start > hole.start + input.energy.frameS &&
        run.end < hole.end - input.energy.frameS &&
        voicedShare(voice, run) >= 0.5,
    );
    for (const stretch of islands) {
      const length = stretch.end - stretch.start;
      if (length < o.voiceMinS || length > o.voiceMaxS) continue;
      if (!soundsHeld(input.energy, stretch, o)) continue;
      found.push({
        span: {
          start: Math.max(hole.start, stretch.start - o.padS),
          end: Math.min(hole.end, stretch.end + o.padS),
        },
        source: 'voice',
      });
    }
  }
  return found;
}

/** The accepted fillers (in time order, apart) overlapping `window`: from the latest back. */
function acceptedNear(accepted: readonly Span[], window: Span): Span[] {
  const out: Span[] = [];
  for (let i = accepted.length - 1; i >= 0; i--) {
    const a = accepted[i]!;
    if (a.end <= window.start) break;
    if (a.start < window.end) out.unshift(a);
  }
  return out;
}

/** How much of the words the cuts leave, summed: a filler may not lower it. */
function keptWordTime(words: readonly Word[], window: Span, cuts: readonly Span[]): number {
  const kept = clipKeptSpans(window, cuts);
  return words.reduce(
    (sum, w) => sum + intersectSpans(kept, [w]).reduce((total, s) => total + (s.end - s.start), 0),
    0,
  );
}

/**
 * The fillers of a recording as removable spans (ids continue after the silences' `gap-N`), in
 * time order. Spans are rounded inwards to hundredths like every gap, at least 0.1 s long, and
 * overlap neither a silence nor each other.
 */
export function findFillers(input: FillerInput, options: FillerOptions = {}): Filler[] {
  const o: Required<FillerOptions> = { ...DEFAULT_FILLERS, ...options };
  const real = spanIndex(input.words.filter((w) => !isFillerWord(w.text)));
  const gaps = spanIndex(input.gaps);
  // NOTE: in time order and apart, so the last holds the latest end.
  const accepted: Span[] = [];
  const spans = candidates(input, o)
    .flatMap(({ span, source }) =>
      subtractSpans([span], gaps.overlapping(span)).map((part) => ({
        start: Math.ceil(roundTime(part.start * 100) - EPS) / 100,
        end: Math.floor(roundTime(part.end * 100) + EPS) / 100,
        source,
      })),
    )
    .filter((s) => s.end - s.start >= MIN_GAP_LENGTH_S - EPS && s.end <= input.durationS + EPS)
    .sort(byStart);
  const out: Filler[] = [];
  for (const span of spans) {
    const last = accepted.at(-1);
    if (last && last.start < span.end && span.start < last.end) continue;
    // NOTE: checked around the filler only (a second each side), with the silences and fillers
    // already taken, because clipKeptSpans also drops slivers under 0.1 s between two cuts.
    const window = { start: Math.max(0, span.start - 1), end: span.end + 1 };
    const cuts = [...gaps.overlapping(window), ...acceptedNear(accepted, window)];
    const words = real.overlapping(window);
    const before = keptWordTime(words, window, cuts);
    if (keptWordTime(words, window, [...cuts, span]) < before - EPS) continue;
    accepted.push(span);
    out.push({ id: '', start: span.start, end: span.end, kind: 'filler', source: span.source });
  }
  const firstId = input.gaps.length;
  return out.map((f, i) => ({ ...f, id: `gap-${firstId + i + 1}` }));
}
