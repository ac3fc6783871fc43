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

const CLAUSE_END = /[,;:\u2013\u2014]["'”’)\]]*$/u;
/** What a break costs that is not after a comma, semicolon, colon or dash (in squared words). */
const MID_CLAUSE_BREAK_COST = 1.5;

/**
 * Splits a run into ceil(n/max) chunks of at most `max` words, near-equal in size (no phrase is a
 * lone orphan word) and, where the sizes allow, broken after a comma or dash rather than inside a
 * clause: the fewest phrases, each reading as a piece of the sentence.
 */
function balancedChunks(items: Word[], max: number): Word[][] {
  const n = items.length;
  const count = Math.ceil(n / max);
  if (count <= 1) return [items];
  const ideal = n / count;
  const breakCost = (end: number) =>
    end === n || CLAUSE_END.test(items[end - 1]?.text.trim() ?? '') ? 0 : MID_CLAUSE_BREAK_COST;
  // cost[k][i]: the best way to make the first i words into k chunks; from[k][i] its last break.
  const cost = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  cost[0]![0] = 0;
  for (let k = 1; k <= count; k++) {
    for (let i = 1; i <= n; i++) {
      for (let size = 1; size <= Math.min(max, i); size++) {
        const before = cost[k - 1]![i - size]!;
        const total = before + (size - ideal) ** 2 + breakCost(i);
        if (total < cost[k]![i]!) {
          cost[k]![i] = total;
          from[k]![i] = i - size;
        }
      }
    }
  }
  const chunks: Word[][] = [];
  for (let k = count, i = n; k > 0; k--) {
    const start = from[k]![i]!;
    chunks.unshift(items.slice(start, i));
    i = start;
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
