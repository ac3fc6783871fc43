// Words as people write them, the same from every engine: capitals kept, punctuation attached to
// the word before it (an opening quote or bracket to the word after it), nothing left standing
// alone. Some engines time bare words and write the punctuation only in their running text (an
// OpenAI-style endpoint's `words` against its `text`); those words take their written form back.
import type { Word } from '../types.ts';

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const OPENING = /^[\p{Ps}\p{Pi}"'¿¡]+$/u;
/** How far ahead in the text a word is looked for before it is left as it came. */
const LOOK_AHEAD = 6;

/** The letters and digits of a token, lower case: what two spellings of a word share. */
export const wordKey = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Tokens with no letter or digit ("—", "?", "«") join a neighbour instead of being words: closing
 * marks the word before them, opening ones the word after them; symbols alone are dropped.
 */
export function attachLoosePunctuation(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  let opening = '';
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    if (WORD_CHARACTER.test(text)) {
      out.push({ ...word, text: opening + text });
      opening = '';
      continue;
    }
    // Symbols alone (a "♪" for music) are not text; their punctuation is.
    const marks = text.replace(/[^\p{P}]/gu, '');
    if (!marks) continue;
    const previous = out[out.length - 1];
    if (OPENING.test(marks) || !previous) {
      opening += marks;
    } else {
      // NOTE: a dash keeps its spaces ("this — that"); other marks close up ("that?").
      const spaced = /^\p{Pd}+$/u.test(marks);
      out[out.length - 1] = { ...previous, text: `${previous.text}${spaced ? ' ' : ''}${marks}` };
    }
  }
  return out;
}

/**
 * Each word's written form from the engine's running text: "hello" in "Hello, world." becomes
 * "Hello,". A word the text does not have near where it should be keeps its own form, and the
 * next words are looked for from where the last one was found.
 */
export function writtenForms(words: readonly Word[], text: string): Word[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const keys = tokens.map(wordKey);
  let cursor = 0;
  return words.map((word) => {
    const key = wordKey(word.text);
    if (!key) return word;
    for (let i = cursor; i < Math.min(tokens.length, cursor + LOOK_AHEAD); i++) {
      if (keys[i] !== key) continue;
      cursor = i + 1;
      return { ...word, text: tokens[i] ?? word.text };
    }
    return word;
  });
}
