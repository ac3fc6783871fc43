import { describe, expect, it } from 'vitest';
import { round2 } from './round2.ts';

describe('round2', () => {
  it('rounds half up to 2 decimals', () => {
    expect(round2(1.005)).toBe(1.01);
  });
});
