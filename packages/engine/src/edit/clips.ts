// Clips of the spec (title, description, engagement_score, is_long_form, segments) from phrases.
import { MAX_ENGAGEMENT_SCORE } from '@roughcut/shared';
import type { EnergyTrack, Phrase, Word } from '../types.ts';
import { capitalise, normaliseToken, termStats, topKeywords } from './keywords.ts';
import type { TermStats } from './keywords.ts';
import { engagementScore, scoreFeatures } from './scoring.ts';
import type { ClipFeatures } from './scoring.ts';
import { splitSentences } from './sentences.ts';
import type { Sentence } from './sentences.ts';
import { createTitlePicker } from './titles.ts';
import { spanIndex } from './span-index.ts';

export type ClipSegment = { start: number; end: number; phrase: string; words: Word[] };

export type EngineClip = {
  title: string;
  description: string;
  engagement_score: number;
  is_long_form: boolean;
  /** The clip's window in the source (seconds). */
  start: number;
  end: number;
  segments: ClipSegment[];
  /** Why the clip scored as it did (short clips only). */
  features?: ClipFeatures;
  /** Who ranked and titled it: the built-in heuristic or an LLM. */
  ranker?: 'heuristic' | 'llm';
};

export type ShortClipOptions = {
  minS?: number;
  maxS?: number;
  maxClips?: number;
  sentencePauseS?: number;
};

export const DEFAULT_SHORT_CLIP = { minS: 15, maxS: 60, maxClips: 5 } as const;
const DESCRIPTION_MAX_CHARS = 280;

const toSegment = (p: Phrase): ClipSegment => ({
  start: p.start,
  end: p.end,
  phrase: p.phrase,
  words: p.words,
});

const truncate = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

/** The long form's title: the clause that best says what the whole talk is about. */
export const longFormTitle = (words: readonly Word[]): string =>
  words.length ? createTitlePicker(words).pick(words, 'Full video') : 'Full video';

/** The gist: the sentences richest in the document's keywords, in their spoken order. */
function makeDescription(sentences: readonly Sentence[], stats: TermStats, count = 2): string {
  const ranked = sentences
    .map((s, index) => {
      const tokens = s.words.map((w) => normaliseToken(w.text));
      const weight = tokens.reduce((sum, t) => sum + (stats.counts.get(t) ?? 0), 0);
      return { s, index, score: weight / Math.sqrt(Math.max(1, tokens.length)) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  const text = ranked.map((r) => `${capitalise(r.s.text)}${/[.!?]$/.test(r.s.text) ? '' : '.'}`);
  return truncate(text.join(' '), DESCRIPTION_MAX_CHARS);
}

const allWords = (phrases: readonly Phrase[]): Word[] => phrases.flatMap((p) => p.words);

export function makeLongFormClip(phrases: readonly Phrase[], durationS: number): EngineClip {
  const words = allWords(phrases);
  const stats = termStats(words.map((w) => normaliseToken(w.text)));
  const sentences = splitSentences(words);
  return {
    title: longFormTitle(words),
    description: sentences.length
      ? makeDescription(sentences, stats, 3)
      : 'No speech was recognised in this video.',
    // NOTE: the spec shows no score for long form; the maximum keeps it first in score order.
    engagement_score: MAX_ENGAGEMENT_SCORE,
    is_long_form: true,
    start: 0,
    end: durationS,
    segments: phrases.map(toSegment),
  };
}

export type Candidate = EngineClip & { features: ClipFeatures };

/** A window of whole sentences with its score, before its title, description and segments. */
export type ScoredWindow = {
  first: number;
  last: number;
  start: number;
  end: number;
  engagement_score: number;
  features: ClipFeatures;
};

/**
 * Every 15-60 s window of whole sentences, scored; `finish` makes a window a full candidate.
 * NOTE: a window keeps only its numbers, so memory stays small however long the talk; the text of
 * a candidate (title, description, segments with their words) is made only for the few kept.
 */
export function scoreShortWindows(
  phrases: readonly Phrase[],
  durationS: number,
  energy: EnergyTrack | undefined,
  options: ShortClipOptions = {},
): { windows: ScoredWindow[]; finish: (window: ScoredWindow) => Candidate } {
  const minS = options.minS ?? DEFAULT_SHORT_CLIP.minS;
  const maxS = Math.max(minS, options.maxS ?? DEFAULT_SHORT_CLIP.maxS);
  const words = allWords(phrases);
  const sentences = splitSentences(words, options.sentencePauseS);
  const stats = termStats(words.map((w) => normaliseToken(w.text)));
  const keywords = topKeywords(stats, 10);
  // NOTE: titles are remembered as they are given, so the clips kept get different ones, and none
  // repeats the long form's.
  const titles = createTitlePicker(words, words.length ? [longFormTitle(words)] : []);
  // NOTE (issue 35): a window's phrases by binary search; a filter of them all per window made
  // clip finding grow with the square of the talk.
  const byStart = spanIndex(phrases);
  const segmentsOf = (i: number, j: number): Phrase[] => {
    const first = sentences[i]!;
    const last = sentences[j]!;
    // NOTE: a stretch of voice the recogniser did not transcribe (phrase '', no words) inside the
    // window belongs to the clip as in the long form, for the user to type or delete.
    const inside = (p: Phrase) =>
      p.words.length
        ? p.words.some((w) => w.start >= first.start && w.end <= last.end)
        : (p.start + p.end) / 2 > first.start && (p.start + p.end) / 2 < last.end;
    return byStart
      .startingWithin(first.start - 0.5, last.end + 0.5)
      .filter((p) => p.end <= last.end + 0.5)
      .filter(inside);
  };
  const score = (i: number, j: number): ScoredWindow => {
    const first = sentences[i]!;
    const last = sentences[j]!;
    const segments = segmentsOf(i, j);
    const start = Math.min(first.start, ...segments.map((s) => s.start));
    const end = Math.max(last.end, ...segments.map((s) => s.end));
    const features = scoreFeatures(
      {
        start,
        end,
        words: sentences.slice(i, j + 1).flatMap((s) => s.words),
        pauseBefore: first.start - (sentences[i - 1]?.end ?? 0),
        pauseAfter: (sentences[j + 1]?.start ?? durationS) - last.end,
      },
      { energy, keywords },
    );
    return { first: i, last: j, start, end, engagement_score: engagementScore(features), features };
  };
  const finish = (w: ScoredWindow): Candidate => {
    const inside = sentences.slice(w.first, w.last + 1);
    return {
      title: titles.pick(
        inside.flatMap((s) => s.words),
        sentences[w.first]!.text,
      ),
      description: makeDescription(inside, stats),
      engagement_score: w.engagement_score,
      is_long_form: false,
      start: w.start,
      end: w.end,
      segments: segmentsOf(w.first, w.last).map(toSegment),
      features: w.features,
      ranker: 'heuristic',
    };
  };
  const windows: ScoredWindow[] = [];
  let longest: [number, number] | undefined;
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i; j < sentences.length; j++) {
      const length = sentences[j]!.end - sentences[i]!.start;
      if (length > maxS) break;
      if (length >= minS) windows.push(score(i, j));
      if (!longest || length > sentences[longest[1]]!.end - sentences[longest[0]]!.start) {
        longest = [i, j];
      }
    }
  }
  // NOTE: a video with less speech than minS still gets its best (longest) clip, not nothing.
  if (!windows.length && longest) windows.push(score(longest[0], longest[1]));
  return { windows, finish };
}

/** Every window as a full candidate (for inspection and tests; clip making finishes the kept). */
export function shortClipCandidates(
  phrases: readonly Phrase[],
  durationS: number,
  energy: EnergyTrack | undefined,
  options: ShortClipOptions = {},
): Candidate[] {
  const { windows, finish } = scoreShortWindows(phrases, durationS, energy, options);
  return windows.map(finish);
}

/** Highest score first, skipping any candidate that overlaps one already kept. */
export function selectNonOverlapping<
  T extends { start: number; end: number; engagement_score: number },
>(candidates: readonly T[], maxClips: number): T[] {
  const kept: T[] = [];
  const ordered = [...candidates].sort(
    (a, b) => b.engagement_score - a.engagement_score || b.end - b.start - (a.end - a.start),
  );
  for (const c of ordered) {
    if (kept.length >= maxClips) break;
    if (kept.every((k) => c.end <= k.start || c.start >= k.end)) kept.push(c);
  }
  return kept;
}

export function makeShortClips(
  phrases: readonly Phrase[],
  durationS: number,
  energy: EnergyTrack | undefined,
  options: ShortClipOptions = {},
): Candidate[] {
  const { windows, finish } = scoreShortWindows(phrases, durationS, energy, options);
  return selectNonOverlapping(windows, options.maxClips ?? DEFAULT_SHORT_CLIP.maxClips).map(finish);
}
