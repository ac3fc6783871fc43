import { describe, expect, it } from 'vitest';
import type { Word } from '../types.ts';
import { groupPhrases, validateMaxWords } from './phrases.ts';
import { splitSentences } from './sentences.ts';
import { detectGaps } from './gap-detection.rules.ts';

/** Words of 0.3 s each, 0.05 s apart, from `start`. */
const words = (text: string, start = 0, confidence = 0.9): Word[] =>
  text.split(' ').map((t, i) => ({
    text: t,
    start: start + i * 0.35,
    end: start + i * 0.35 + 0.3,
    confidence,
  }));

describe('groupPhrases', () => {
  it('keeps at most max words, balancing so no phrase is a lone orphan', () => {
    const phrases = groupPhrases(words('one two three four five six'), { maxWords: 5 });
    expect(phrases.map((p) => p.phrase)).toEqual(['one two three', 'four five six']);
    expect(groupPhrases(words('a b c d e f g'), { maxWords: 1 })).toHaveLength(7);
  });

  it('breaks a long sentence after a comma or dash when the phrase sizes allow it', () => {
    const phrases = groupPhrases(words('Keep each pause short, and cut all the rest.'), {
      maxWords: 5,
    });
    expect(phrases.map((p) => p.phrase)).toEqual([
      'Keep each pause short,',
      'and cut all the rest.',
    ]);
    const dashed = groupPhrases(words('Cut the pauses— then keep the words, all of them.'), {
      maxWords: 4,
    });
    expect(dashed.map((p) => p.phrase)).toEqual([
      'Cut the pauses—',
      'then keep the words,',
      'all of them.',
    ]);
  });

  it('keeps words and confidences and spans them exactly', () => {
    const [phrase] = groupPhrases(words('hello there', 1, 0.42));
    expect(phrase).toMatchObject({ start: 1, phrase: 'hello there' });
    expect(phrase!.end).toBeCloseTo(1.65, 6);
    expect(phrase!.words.map((w) => w.confidence)).toEqual([0.42, 0.42]);
  });

  it('breaks at sentence ends and at pauses', () => {
    const spoken = [...words('Hi there. How are'), ...words('you', 5)];
    expect(groupPhrases(spoken, { maxWords: 10 }).map((p) => p.phrase)).toEqual([
      'Hi there.',
      'How are',
      'you',
    ]);
  });

  it('never lets a phrase cross a gap: the gap rule on phrases finds every pause above 0.3 s', () => {
    const spoken = [...words('a b c'), ...words('d e f', 1.05 + 0.31)];
    const phrases = groupPhrases(spoken, { maxWords: 10 });
    expect(phrases).toHaveLength(2);
    expect(detectGaps(phrases, 3).filter((g) => g.start > 0 && g.end < 3)).toHaveLength(1);
  });

  it('rejects max words outside 1-10 with a clear reason', () => {
    expect(() => validateMaxWords(0)).toThrow(/1 to 10/);
    expect(() => validateMaxWords(11)).toThrow(/1 to 10/);
    expect(() => validateMaxWords(2.5)).toThrow(/whole number/);
    expect(validateMaxWords(10)).toBe(10);
  });

  it('skips empty words and sorts by time', () => {
    const spoken = [
      ...words('b', 2),
      { text: ' ', start: 1, end: 1.1, confidence: 1 },
      ...words('a'),
    ];
    expect(groupPhrases(spoken).map((p) => p.phrase)).toEqual(['a', 'b']);
    expect(groupPhrases([])).toEqual([]);
  });
});

describe('splitSentences', () => {
  it('splits at punctuation and at long pauses', () => {
    const spoken = [...words('one two. three'), ...words('four', 3)];
    expect(splitSentences(spoken).map((s) => s.text)).toEqual(['one two.', 'three', 'four']);
  });
});
