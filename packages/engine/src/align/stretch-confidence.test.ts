import { describe, expect, it } from 'vitest';
import { STRETCHED_PHONE_S, stretchFactor } from './stretch-confidence.ts';

describe('stretchFactor', () => {
  it('leaves a word said at a speaking rate alone, however short', () => {
    expect(stretchFactor(0.03 * 2, 2)).toBe(1);
    expect(stretchFactor(0.08 * 7, 7)).toBe(1);
    expect(stretchFactor(STRETCHED_PHONE_S * 3, 3)).toBe(1);
  });

  it('lowers a word held past the limit in proportion, and more the longer it is held', () => {
    expect(stretchFactor(STRETCHED_PHONE_S * 2 * 2, 2)).toBeCloseTo(0.5);
    const held = [0.35, 0.45, 0.6, 0.9].map((s) => stretchFactor(s, 2));
    expect(held).toEqual([...held].sort((a, b) => b - a));
    expect(held.at(-1)).toBeLessThan(held[0]!);
  });

  it('allows a word at a comma or a full stop twice as long, as speakers draw it out there', () => {
    expect(stretchFactor(0.52, 3, 'word,')).toBe(1);
    expect(stretchFactor(0.52, 3, 'word')).toBeLessThan(1);
    expect(stretchFactor(STRETCHED_PHONE_S * 4 * 3, 3, 'end.')).toBeCloseTo(0.5);
  });

  it('says nothing without a phone count or a duration', () => {
    expect(stretchFactor(1, 0)).toBe(1);
    expect(stretchFactor(0, 3)).toBe(1);
  });
});
