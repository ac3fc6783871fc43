import { describe, expect, it } from 'vitest';
import type { EnergyTrack, Phrase } from '../types.ts';
import { findGaps, refinePhrases, speechThreshold } from './segments.ts';

const phrase = (start: number, end: number): Phrase => ({
  start,
  end,
  phrase: 'x',
  words: [{ text: 'x', start, end, confidence: 1 }],
});

/** -70 dB silence with -20 dB speech in the given spans; 10 ms frames. */
function energy(durationS: number, loud: [number, number][]): EnergyTrack {
  const db = new Float32Array(Math.round(durationS * 100)).fill(-70);
  for (const [a, b] of loud)
    for (let i = Math.round(a * 100); i < Math.round(b * 100); i++) db[i] = -20;
  return { frameS: 0.01, db };
}

describe('refinePhrases', () => {
  it('widens a phrase to the real speech and adds the margin, so no onset or tail is cut', () => {
    // The recogniser says 1.2-2.0; the audio is loud from 1.0 to 2.3.
    const [p] = refinePhrases([phrase(1.2, 2)], energy(4, [[1, 2.3]]), 4, { marginS: 0.05 });
    expect(p!.start).toBeCloseTo(0.95, 2);
    expect(p!.end).toBeCloseTo(2.35, 2);
  });

  it('never moves past the neighbouring phrases, the video edges or maxShift', () => {
    const track = energy(3, [[0, 3]]);
    const refined = refinePhrases([phrase(0.5, 1), phrase(1.5, 2)], track, 3, {
      marginS: 0.1,
      maxShiftS: 0.2,
    });
    expect(refined[0]!.start).toBeGreaterThanOrEqual(0.2);
    expect(refined[0]!.end).toBeLessThanOrEqual(1.5);
    expect(refined[1]!.start).toBeGreaterThanOrEqual(1);
    expect(refined[1]!.end).toBeLessThanOrEqual(3);
  });

  it('adds just the margin without an energy track', () => {
    const [p] = refinePhrases([phrase(1, 2)], undefined, 5, { marginS: 0.1 });
    expect(p).toMatchObject({ start: 0.9, end: 2.1 });
  });
});

describe('findGaps', () => {
  it('applies the spec rule to the refined phrases', () => {
    const track = energy(5, [
      [1, 2],
      [2.5, 3],
    ]);
    const refined = refinePhrases([phrase(1, 2), phrase(2.5, 3)], track, 5, { marginS: 0.1 });
    expect(findGaps(refined, 5)).toEqual([
      { id: 'gap-1', start: 0, end: 0.9 },
      { id: 'gap-2', start: 3.1, end: 5 },
    ]);
  });
});

describe('speechThreshold', () => {
  it('sits between the noise floor and the speech level', () => {
    const t = speechThreshold(energy(10, [[2, 6]]));
    expect(t).toBeGreaterThan(-70);
    expect(t).toBeLessThan(-20);
  });
});
