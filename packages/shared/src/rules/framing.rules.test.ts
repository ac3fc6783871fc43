import { describe, expect, it } from 'vitest';
import { framingCentreAt } from './framing.rules.ts';

const PATH = [
  { t: 2, cx: 0.3 },
  { t: 4, cx: 0.7 },
  { t: 6, cx: 0.7 },
];

describe('framingCentreAt', () => {
  it('holds the first and last points outside the path and interpolates between', () => {
    expect(framingCentreAt(PATH, 0)).toBe(0.3);
    expect(framingCentreAt(PATH, 3)).toBeCloseTo(0.5, 10);
    expect(framingCentreAt(PATH, 3.5)).toBeCloseTo(0.6, 10);
    expect(framingCentreAt(PATH, 5)).toBe(0.7);
    expect(framingCentreAt(PATH, 60)).toBe(0.7);
  });
  it('is the centre without a path', () => {
    expect(framingCentreAt([], 1)).toBe(0.5);
  });
});
