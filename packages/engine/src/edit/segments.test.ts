import { describe, expect, it } from 'vitest';
import type { Phrase } from '../types.ts';
import { buildSegments, findGaps } from './segments.ts';

const phrase = (start: number, end: number, text = 'x'): Phrase => ({
  start,
  end,
  phrase: text,
  words: [{ text, start, end, confidence: 1 }],
});

describe('buildSegments', () => {
  it('stretches the first and last phrase of a region to its edges and leaves the rest alone', () => {
    const segments = buildSegments([phrase(1.1, 1.9, 'a'), phrase(2, 2.8, 'b')], {
      regions: [{ start: 0.95, end: 3 }],
      voice: [{ start: 1.05, end: 2.85 }],
    });
    expect(segments.map((s) => [s.start, s.end, s.phrase])).toEqual([
      [0.95, 1.9, 'a'],
      [2, 3, 'b'],
    ]);
  });

  it('turns voice the recogniser found no words in into a segment with no text', () => {
    const segments = buildSegments([phrase(5, 6, 'later')], {
      regions: [
        { start: 1, end: 4 },
        { start: 4.9, end: 6.2 },
      ],
      voice: [
        { start: 1.08, end: 3.88 },
        { start: 5, end: 6.1 },
      ],
    });
    expect(segments).toEqual([
      { start: 1, end: 4, phrase: '', words: [] },
      { ...phrase(4.9, 6.2, 'later'), words: phrase(5, 6, 'later').words },
    ]);
  });

  it('flags a missed stretch between two recognised phrases without touching them', () => {
    const segments = buildSegments([phrase(1, 2, 'a'), phrase(3.5, 4, 'b')], {
      regions: [{ start: 0.9, end: 4.1 }],
      voice: [{ start: 1, end: 4 }],
    });
    expect(segments.map((s) => s.phrase)).toEqual(['a', '', 'b']);
    const [a, missed, b] = segments;
    expect(missed!.start).toBeGreaterThanOrEqual(a!.end);
    expect(missed!.end).toBeLessThanOrEqual(b!.start);
    expect(missed!.start).toBeCloseTo(2.15 - 0.08, 5);
    expect(missed!.end).toBeCloseTo(3.35 + 0.12, 5);
  });

  it('does not flag voice that only runs a little past the words (their times are approximate)', () => {
    const segments = buildSegments([phrase(1.1, 2), phrase(2.1, 3)], {
      regions: [{ start: 1, end: 3.2 }],
      voice: [{ start: 0.98, end: 3.12 }],
    });
    expect(segments.every((s) => s.phrase === 'x')).toBe(true);
  });
});

describe('findGaps', () => {
  it('numbers the silences between regions longer than 0.3 s, from 0 and to the end', () => {
    const gaps = findGaps(
      [
        { start: 1, end: 2 },
        { start: 2.25, end: 3 },
        { start: 3.5, end: 4 },
      ],
      5,
    );
    expect(gaps).toEqual([
      { id: 'gap-1', start: 0, end: 1 },
      { id: 'gap-2', start: 3, end: 3.5 },
      { id: 'gap-3', start: 4, end: 5 },
    ]);
  });
});
