// Sentences from timed words. Recognisers without punctuation (pocketsphinx) mark sentence ends
// only by pauses, so a long enough pause ends a sentence too.
import type { Word } from '../types.ts';
import { endsSentence, phraseText } from './phrases.ts';

export type Sentence = { start: number; end: number; text: string; words: Word[] };

export const DEFAULT_SENTENCE_PAUSE_S = 0.45;

export function splitSentences(
  words: readonly Word[],
  pauseS: number = DEFAULT_SENTENCE_PAUSE_S,
): Sentence[] {
  const sentences: Sentence[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (!current.length) return;
    sentences.push({
      start: current[0]!.start,
      end: current[current.length - 1]!.end,
      text: phraseText(current),
      words: current,
    });
    current = [];
  };
  for (const word of [...words].sort((a, b) => a.start - b.start)) {
    const previous = current[current.length - 1];
    if (previous && (word.start - previous.end >= pauseS || endsSentence(previous.text))) flush();
    current.push(word);
  }
  flush();
  return sentences;
}
