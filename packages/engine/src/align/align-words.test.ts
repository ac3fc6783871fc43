import { describe, expect, it } from 'vitest';
import { placeWords, UNALIGNED_CONFIDENCE_FACTOR } from './align-words.ts';

const utterance = {
  start: 10,
  end: 12,
  words: ['Hello,', 'big', 'world.'].map((text) => ({ text, confidence: 0.8 })),
};

describe('placeWords', () => {
  it('moves measured times to the source, inside the utterance, text and confidence kept', () => {
    const words = placeWords(
      utterance,
      [
        { index: 0, start: 0.05, end: 0.6 },
        { index: 1, start: 0.6, end: 0.9 },
        { index: 2, start: 0.9, end: 2.5 },
      ],
      9.9,
    );
    expect(words).toEqual([
      { text: 'Hello,', start: 10, end: 10.5, confidence: 0.8 },
      { text: 'big', start: 10.5, end: 10.8, confidence: 0.8 },
      { text: 'world.', start: 10.8, end: 12, confidence: 0.8 },
    ]);
  });

  it('shares a skipped word the time between its neighbours, with less confidence', () => {
    const words = placeWords(
      utterance,
      [
        { index: 0, start: 0, end: 0.5 },
        { index: 2, start: 1, end: 1.5 },
      ],
      10,
    );
    expect(words[1]).toEqual({
      text: 'big',
      start: 10.5,
      end: 11,
      confidence: 0.8 * UNALIGNED_CONFIDENCE_FACTOR,
    });
    expect(words[2]?.confidence).toBe(0.8);
  });

  it('spreads every word over the utterance by length when nothing was measured', () => {
    const words = placeWords(utterance, [], 0);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [10, 10.8],
      [10.8, 11.2],
      [11.2, 12],
    ]);
    expect(words.every((w) => w.confidence === 0.4)).toBe(true);
  });

  it('lowers the confidence of a measured word held far past its phones, and only that one', () => {
    const words = placeWords(
      utterance,
      [
        { index: 0, start: 0, end: 0.4 },
        { index: 1, start: 0.4, end: 1.6 },
        { index: 2, start: 1.6, end: 2 },
      ],
      10,
      [4, 3, 4],
    );
    // "big": 1.2 s for 3 phones, 0.4 s a phone where 0.15 s is the limit.
    expect(words.map((w) => w.confidence)).toEqual([0.8, 0.3, 0.8]);
  });
});
