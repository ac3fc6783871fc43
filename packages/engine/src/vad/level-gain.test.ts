import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWavInfo } from '../audio/wav-header.ts';
import { encodeWav } from '../testing/wav.ts';
import { levelGains, slidingMax, windowLevels } from './level-gain.ts';

const db = (gain: number) => Math.round(20 * Math.log10(gain));
const levels = (...runs: [number, number][]) =>
  Float32Array.from(runs.flatMap(([level, count]) => Array<number>(count).fill(level)));

describe('slidingMax', () => {
  it('takes the loudest within the windows before and after', () => {
    const values = Float32Array.from([1, 5, 2, 0, 0, 3, 0]);
    expect(Array.from(slidingMax(values, 1, 2))).toEqual([5, 5, 5, 3, 3, 3, 3]);
  });
});

describe('levelGains', () => {
  it('leaves a recording at one level as it is', () => {
    const gains = levelGains(levels([-90, 20], [-25, 100], [-90, 10], [-25, 100]));
    expect(gains.every((g) => g === 1)).toBe(true);
  });

  it('brings a quiet speaker after a loud one up to the loud level from before its first window', () => {
    // Loud speech, a pause, then speech 35 dB quieter (with its own short pauses).
    const quiet = Array.from({ length: 10 }, (): [number, number][] => [
      [-55, 7],
      [-90, 3],
    ]).flat();
    const gains = levelGains(levels([-20, 100], [-90, 10], ...quiet));
    expect(db(gains[50]!)).toBe(0);
    expect(db(gains[105]!)).toBe(35);
    expect(db(gains[110]!)).toBe(35);
    expect(db(gains[195]!)).toBe(35);
  });

  it('raises a quiet recording at one level to where loud speech is at least -25 dBFS', () => {
    const quiet = levels([-90, 20], [-55, 100], [-90, 10], [-55, 100]);
    expect(db(levelGains(quiet)[50]!)).toBe(30);
    expect(db(levelGains(quiet, { minLoudDb: -Infinity })[50]!)).toBe(0);
  });

  it('never raises a stretch whose loudest is near the room (a long pause, dither)', () => {
    const gains = levelGains(levels([-60, 60], [-20, 60], [-58, 100]));
    expect(db(gains[150]!)).toBe(0);
  });

  it('never brings the room within 20 dB of loud speech', () => {
    // room -60, loud speech -20, quiet speech -45: a 25 dB boost would lift the room to -35.
    const gains = levelGains(levels([-60, 100], [-20, 60], [-60, 10], [-45, 60], [-60, 100]));
    expect(db(gains[200]!)).toBe(20);
  });
});

describe('windowLevels', () => {
  it('measures each window of a WAV in dBFS, the last one partial', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'level-gain-'));
    try {
      const samples = new Int16Array(512 * 2 + 100);
      samples.fill(3277, 0, 512); // 0.1 of full scale: -20 dBFS
      samples.fill(-328, 512 * 2); // 0.01: -40 dBFS
      const path = join(dir, 'a.wav');
      await writeFile(path, encodeWav({ sampleRate: 16_000, samples }));
      const got = await windowLevels(path, await readWavInfo(path), 512);
      expect(Array.from(got, Math.round)).toEqual([-20, -100, -40]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
