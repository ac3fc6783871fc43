import { describe, expect, it } from 'vitest';
import { remapSegments } from './remap.ts';

describe('remapSegments', () => {
  const keep = [
    { start: 0.5, end: 3 },
    { start: 4, end: 6 },
    { start: 8, end: 10 },
  ];

  it('shifts segments inside kept spans onto the cut timeline', () => {
    expect(
      remapSegments(
        [
          { start: 1, end: 2, phrase: 'a' },
          { start: 4.5, end: 5.5, phrase: 'b' },
          { start: 8, end: 9, phrase: 'c' },
        ],
        keep,
      ),
    ).toEqual([
      { start: 0.5, end: 1.5, phrase: 'a' },
      { start: 3, end: 4, phrase: 'b' },
      { start: 4.5, end: 5.5, phrase: 'c' },
    ]);
  });

  it('drops segments entirely inside removed gaps', () => {
    expect(remapSegments([{ start: 3.2, end: 3.8, phrase: 'gone' }], keep)).toEqual([]);
    expect(remapSegments([{ start: 11, end: 12, phrase: 'after' }], keep)).toEqual([]);
  });

  it('trims the removed part of a segment that overlaps a gap, merging pieces that meet', () => {
    expect(remapSegments([{ start: 2.5, end: 4.5, phrase: 'x' }], keep)).toEqual([
      { start: 2, end: 3, phrase: 'x' },
    ]);
    expect(remapSegments([{ start: 0, end: 1, phrase: 'y' }], keep)).toEqual([
      { start: 0, end: 0.5, phrase: 'y' },
    ]);
  });

  it('keeps extra fields and accepts unsorted spans', () => {
    const out = remapSegments([{ start: 9, end: 9.5, phrase: 'z', id: 'p1' }], [...keep].reverse());
    expect(out).toEqual([{ start: 5.5, end: 6, phrase: 'z', id: 'p1' }]);
  });

  it('maps the words with their phrase, a word in a removed stretch shrinking to the cut', () => {
    const words = [
      { text: 'one', start: 2, end: 2.6, confidence: 1 },
      { text: 'gone', start: 3.2, end: 3.7, confidence: 1 },
      { text: 'two', start: 4.2, end: 4.8, confidence: 1 },
    ];
    const out = remapSegments([{ start: 2, end: 4.8, phrase: 'one gone two', words }], keep);
    const mapped = [
      { text: 'one', start: 1.5, end: 2.1 },
      { text: 'gone', start: 2.5, end: 2.5 },
      { text: 'two', start: 2.7, end: 3.3 },
    ];
    expect(out).toEqual([{ start: 1.5, end: 3.3, phrase: 'one gone two', words: mapped }]);
  });

  it('spreads the words of an edited phrase over its source time before mapping them', () => {
    const words = [{ text: 'old', start: 1, end: 2, confidence: 1 }];
    const out = remapSegments([{ start: 1, end: 2, phrase: 'new text', words }], keep);
    expect(out[0]?.words).toEqual([
      { text: 'new', start: 0.5, end: 1 },
      { text: 'text', start: 1, end: 1.5 },
    ]);
  });

  it('is empty without kept spans', () => {
    expect(remapSegments([{ start: 0, end: 1, phrase: 'a' }], [])).toEqual([]);
  });
});
