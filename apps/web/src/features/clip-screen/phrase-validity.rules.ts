import { MAX_PHRASE_CHARS, phraseTextLimit } from '@roughcut/shared';
import type { Segment, Word } from '@roughcut/shared';
import { roundTo } from '../../lib/time.format.ts';

// SPEC 3 "Phrase", 4.4 "Phrase validity", 5 (low-confidence) and 2.10 (the Subtitles step).

/** Client-side form of a segment: an id, its words and whether the user accepted it. */
export type ReviewPhrase = {
  id: string;
  start: number;
  end: number;
  phrase: string;
  words: Word[];
  valid: boolean | undefined;
};

/** Phrases from a clip's segments, with client ids `phrase-N` and validity not yet decided. */
export const phrasesFromSegments = (segments: readonly Segment[]): ReviewPhrase[] =>
  segments.map((s, i) => ({
    id: `phrase-${i}`,
    start: s.start,
    end: s.end,
    phrase: s.phrase,
    words: s.words ?? [],
    valid: undefined,
  }));

const hasWordBelow = (phrase: ReviewPhrase, tolerance: number): boolean =>
  phrase.words.some((w) => w.confidence < tolerance);

/** Low-confidence: not already valid and some word below the tolerance. */
export const isLowConfidence = (phrase: ReviewPhrase, tolerance: number): boolean =>
  phrase.valid !== true && hasWordBelow(phrase, tolerance);

/**
 * On a tolerance change: a phrase with a word below the tolerance becomes invalid; otherwise one
 * with a word at or above it becomes valid; a phrase without words keeps its state.
 */
export const applyTolerance = (
  phrases: readonly ReviewPhrase[],
  tolerance: number,
): ReviewPhrase[] =>
  phrases.map((p) => {
    if (hasWordBelow(p, tolerance)) return { ...p, valid: false };
    if (p.words.some((w) => w.confidence >= tolerance)) return { ...p, valid: true };
    return p;
  });

/**
 * Speech the audio shows but the recogniser did not understand: no text and no words. The render
 * keeps such speech uncut; the user types what was said or deletes the phrase.
 */
export const isUnrecognisedPhrase = (phrase: ReviewPhrase): boolean =>
  phrase.words.length === 0 && phrase.phrase.trim() === '';

/**
 * On first display: a low-confidence phrase whose validity is undefined becomes invalid.
 * NOTE: an unrecognised phrase (no words at all) is flagged the same way, so the header's count
 * leads the user to it; tolerance changes leave it alone (it has no word to judge).
 */
export const markInitialValidity = (
  phrases: readonly ReviewPhrase[],
  tolerance: number,
): ReviewPhrase[] =>
  phrases.map((p) =>
    p.valid === undefined && (isLowConfidence(p, tolerance) || isUnrecognisedPhrase(p))
      ? { ...p, valid: false }
      : p,
  );

/** The words that make a phrase low-confidence, for the hint under it. */
export const wordsBelowTolerance = (phrase: ReviewPhrase, tolerance: number): Word[] =>
  phrase.words.filter((w) => w.confidence < tolerance);

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * What a phrase may hold, as the confirm's contract accepts it: one line (a pasted line break or tab
 * becomes a space), at most MAX_PHRASE_CHARS characters.
 */
export const cleanPhraseText = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, ' ').slice(0, MAX_PHRASE_CHARS);

/**
 * Editing the text marks the phrase valid. The text stops at the phrase's limit (what its time can
 * carry, see phraseTextLimit), so the confirm never carries a text the server refuses.
 */
export const editPhraseText = (
  phrases: readonly ReviewPhrase[],
  id: string,
  text: string,
): ReviewPhrase[] =>
  phrases.map((p) =>
    p.id === id
      ? { ...p, phrase: cleanPhraseText(text).slice(0, phraseTextLimit(p)), valid: true }
      : p,
  );

/** The tick button marks the phrase valid. */
export const tickPhrase = (phrases: readonly ReviewPhrase[], id: string): ReviewPhrase[] =>
  phrases.map((p) => (p.id === id ? { ...p, valid: true } : p));

export const deletePhrase = (phrases: readonly ReviewPhrase[], id: string): ReviewPhrase[] =>
  phrases.filter((p) => p.id !== id);

/** Invalid: marked invalid, or still undecided and low-confidence. */
export const isInvalidPhrase = (phrase: ReviewPhrase, tolerance: number): boolean =>
  phrase.valid === false || (phrase.valid === undefined && isLowConfidence(phrase, tolerance));

/** The tick button ("this phrase is right") shows on every phrase still counted invalid. */
export const showsTickButton = (phrase: ReviewPhrase, tolerance: number): boolean =>
  isInvalidPhrase(phrase, tolerance);

/** The Subtitles header: "N / total invalid phrases". */
export const invalidPhrasesLabel = (phrases: readonly ReviewPhrase[], tolerance: number): string =>
  `${phrases.filter((p) => isInvalidPhrase(p, tolerance)).length} / ${phrases.length} invalid phrases`;

/** The marker of a phrase in the list: blue when playing or selected, red when low-confidence. */
export const phraseMarker = (
  phrase: ReviewPhrase,
  tolerance: number,
  active: boolean,
): 'blue' | 'red' | null => {
  if (active) return 'blue';
  return isInvalidPhrase(phrase, tolerance) ? 'red' : null;
};

/** The phrase playing at `time` (start inclusive, end exclusive), if any. */
export const phraseAtTime = <T extends { start: number; end: number }>(
  phrases: readonly T[],
  time: number,
): T | undefined => phrases.find((p) => time >= p.start && time < p.end);

export const NO_TRANSCRIPTION_TITLE = 'No transcription found';
export const NO_TRANSCRIPTION_QUESTION = 'Was there any speaking in this video?';

const wordsOf = (segments: readonly { words?: readonly Word[] }[]): Word[] =>
  segments.flatMap((s) => s.words ?? []);

/** Average word confidence in percent (0-100), or null without words. */
export const averageConfidencePercent = (
  segments: readonly { words?: readonly Word[] }[],
): number | null => {
  const words = wordsOf(segments);
  if (words.length === 0) return null;
  return (words.reduce((sum, w) => sum + w.confidence, 0) / words.length) * 100;
};

/** The Edit Details lines: "Generated from voice recognition", "Detected N words", "X% confidence score". */
export const editDetailsLines = (segments: readonly { words?: readonly Word[] }[]): string[] => {
  const count = wordsOf(segments).length;
  const average = averageConfidencePercent(segments);
  return [
    'Generated from voice recognition',
    detectedWordsLabel(count),
    ...(average === null ? [] : [confidenceScoreLabel(average)]),
  ];
};

export const detectedWordsLabel = (count: number): string => `Detected ${count} words`;

/** "X% confidence score" with two decimals, e.g. "87.50% confidence score". */
export const confidenceScoreLabel = (percent: number): string =>
  `${roundTo(percent, 2).toFixed(2)}% confidence score`;
