// Words into subtitle phrases (the spec's segments): at most `maxWords` words, broken at sentence
// ends and pauses, and never across a gap, so the gap rule on phrases finds every pause.
import {
  DEFAULT_MAX_WORDS_IN_PHRASE,
  GAP_THRESHOLD_S,
  MAX_MAX_WORDS_IN_PHRASE,
  MIN_MAX_WORDS_IN_PHRASE,
} from '@roughcut/shared';
import { EngineError } from '../types.ts';
import type { Phrase, Word } from '../types.ts';

export type PhraseOptions = {
  maxWords?: number;
  /** A pause longer than this always ends a phrase; capped at the gap threshold. */
  pauseBreakS?: number;
};

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

export const endsSentence = (text: string): boolean => SENTENCE_END.test(text.trim());

export function validateMaxWords(maxWords: number): number {
  if (
    !Number.isInteger(maxWords) ||
    maxWords < MIN_MAX_WORDS_IN_PHRASE ||
    maxWords > MAX_MAX_WORDS_IN_PHRASE
  ) {
    throw new EngineError(
      'bad_max_words',
      `max_words_in_phrase must be a whole number from ${MIN_MAX_WORDS_IN_PHRASE} to ${MAX_MAX_WORDS_IN_PHRASE} (got ${maxWords}).`,
    );
  }
  return maxWords;
}

export const phraseText = (words: readonly Word[]): string =>
  words
    .map((w) => w.text.trim())
    .filter(Boolean)
    .join(' ');

const toPhrase = (words: Word[]): Phrase => ({
  start: words[0]!.start,
  end: words[words.length - 1]!.end,
  phrase: phraseText(words),
  words,
});

/** Splits a run into ceil(n/max) chunks of near-equal size, so no phrase is a lone orphan word. */
function balancedChunks<T>(items: T[], max: number): T[][] {
  const count = Math.ceil(items.length / max);
  const chunks: T[][] = [];
  let index = 0;
  for (let c = 0; c < count; c++) {
    const size = Math.ceil((items.length - index) / (count - c));
    chunks.push(items.slice(index, index + size));
    index += size;
  }
  return chunks;
}

export function groupPhrases(words: readonly Word[], options: PhraseOptions = {}): Phrase[] {
  const maxWords = validateMaxWords(options.maxWords ?? DEFAULT_MAX_WORDS_IN_PHRASE);
  const pauseBreak = Math.min(options.pauseBreakS ?? 0.25, GAP_THRESHOLD_S);
  const sorted = words
    .filter((w) => w.text.trim() && w.end >= w.start)
    .sort((a, b) => a.start - b.start);
  // First cut into runs at hard breaks (sentence ends, pauses); then balance each run.
  const runs: Word[][] = [];
  let run: Word[] = [];
  for (const word of sorted) {
    const previous = run[run.length - 1];
    if (previous && (word.start - previous.end > pauseBreak || endsSentence(previous.text))) {
      runs.push(run);
      run = [];
    }
    run.push(word);
  }
  if (run.length) runs.push(run);
  return runs.flatMap((r) => balancedChunks(r, maxWords).map(toPhrase));
}
