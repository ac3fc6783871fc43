import { describe, expect, it } from 'vitest';
import { detectGaps, roundTime } from './gap-detection.rules.ts';

describe('detectGaps (SPEC section 5)', () => {
  it('finds the gap before the first segment, between segments and after the last', () => {
    const gaps = detectGaps(
      [
        { start: 1.234, end: 2 },
        { start: 3, end: 4.5 },
      ],
      6,
    );
    expect(gaps).toEqual([
      { id: 'gap-1', start: 0, end: 1.23 },
      { id: 'gap-2', start: 2, end: 3 },
      { id: 'gap-3', start: 4.5, end: 6 },
    ]);
  });

  it('counts a silence only when longer than 0.3 s', () => {
    const gaps = detectGaps(
      [
        { start: 0.3, end: 1 },
        { start: 1.3, end: 2 },
        { start: 2.31, end: 3 },
      ],
      3.3,
    );
    expect(gaps).toEqual([{ id: 'gap-1', start: 2, end: 2.31 }]);
  });

  it('compares after rounding to 2 decimals', () => {
    // 0.304 rounds to 0.30, which is not longer than 0.3.
    expect(detectGaps([{ start: 0.304, end: 1 }], 1)).toEqual([]);
    expect(detectGaps([{ start: 0.306, end: 1 }], 1)).toEqual([
      { id: 'gap-1', start: 0, end: 0.31 },
    ]);
  });

  it('treats no speech as one gap over the whole video, and nothing for a tiny video', () => {
    expect(detectGaps([], 5)).toEqual([{ id: 'gap-1', start: 0, end: 5 }]);
    expect(detectGaps([], 0.2)).toEqual([]);
    expect(detectGaps([], 0)).toEqual([]);
  });

  it('handles unsorted, overlapping and out-of-range segments', () => {
    const gaps = detectGaps(
      [
        { start: 4, end: 9 },
        { start: -1, end: 1 },
        { start: 0.5, end: 2 },
      ],
      8,
    );
    expect(gaps).toEqual([{ id: 'gap-1', start: 2, end: 4 }]);
  });

  it('accepts a custom threshold', () => {
    expect(detectGaps([{ start: 0.5, end: 1 }], 1, 0.6)).toEqual([]);
  });
});

describe('roundTime', () => {
  it('rounds to hundredths without negative zero', () => {
    expect(roundTime(1.005)).toBeCloseTo(1.0, 2);
    expect(Object.is(roundTime(-0.001), -0)).toBe(false);
  });
});
