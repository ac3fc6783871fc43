import { describe, expect, it } from 'vitest';
import { levelSamples } from './level-chunk.ts';

describe('levelSamples', () => {
  it('raises quiet audio to a -3 dBFS peak, by at most 40 dB, and never lowers loud audio', () => {
    const quiet = Int16Array.from([0, 500, -1000, 250]);
    expect(levelSamples(quiet)).toBeCloseTo((0.7 * 32767) / 1000);
    expect(Math.max(...quiet.map(Math.abs))).toBe(Math.round(0.7 * 32767));
    const hiss = Int16Array.from([3, -2]);
    expect(levelSamples(hiss)).toBe(100);
    expect([...hiss]).toEqual([300, -200]);
    const loud = Int16Array.from([30000, -1]);
    expect(levelSamples(loud)).toBe(1);
    expect([...loud]).toEqual([30000, -1]);
    expect(levelSamples(new Int16Array(4))).toBe(1);
  });
});
