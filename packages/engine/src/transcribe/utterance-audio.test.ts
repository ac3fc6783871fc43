import { describe, expect, it } from 'vitest';
import { normaliseLevel } from './utterance-audio.ts';

const tone = (peak: number, length = 16_000) =>
  Float32Array.from({ length }, (_, i) => peak * Math.sin((2 * Math.PI * 220 * i) / 16_000));

const maxAbs = (a: Float32Array) => a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

describe('normaliseLevel', () => {
  it('brings speech peaking at -45 dBFS up to -6 dBFS', () => {
    const quiet = tone(10 ** (-45 / 20));
    expect(20 * Math.log10(maxAbs(normaliseLevel(quiet)))).toBeCloseTo(-6, 0);
  });

  it('sets the level by the loudest samples, not by one click', () => {
    const audio = tone(0.01);
    audio[100] = 1;
    normaliseLevel(audio);
    // The tone (not the click) sits near -6 dBFS; the click is clipped to full scale.
    expect(Math.abs(audio[200]!)).toBeGreaterThan(0.2);
    expect(maxAbs(audio)).toBeLessThanOrEqual(1);
  });

  it('caps the gain, so near-silence stays quiet', () => {
    const hiss = tone(1e-5);
    expect(maxAbs(normaliseLevel(hiss))).toBeLessThan(0.01);
  });

  it('leaves digital silence alone', () => {
    expect(Array.from(normaliseLevel(new Float32Array(10)))).toEqual(new Array(10).fill(0));
  });
});
