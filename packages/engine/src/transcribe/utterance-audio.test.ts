import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWavInfo } from '../audio/wav-header.ts';
import { encodeWav, parseWav } from '../testing/wav.ts';
import { normaliseLevel, writeLevelledWav } from './utterance-audio.ts';

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

describe('writeLevelledWav', () => {
  it('gives each utterance its own gain, changing halfway between them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rc-level-'));
    try {
      // 2 s at 16 kHz: every sample 100; utterances at 0.2-0.6 s (gain 4) and 1.2-1.8 s (gain 2).
      const source = join(dir, 'in.wav');
      await writeFile(
        source,
        encodeWav({ sampleRate: 16_000, samples: new Int16Array(32_000).fill(100) }),
      );
      const target = join(dir, 'out.wav');
      await writeLevelledWav(
        source,
        await readWavInfo(source),
        [
          { start: 0.2, end: 0.6, gain: 4 },
          { start: 1.2, end: 1.8, gain: 2 },
        ],
        target,
      );
      const out = parseWav(await readFile(target)).samples;
      expect(out.length).toBe(32_000);
      expect(out[0]).toBe(400);
      expect(out[Math.round(0.89 * 16_000)]).toBe(400);
      expect(out[Math.round(0.91 * 16_000)]).toBe(200);
      expect(out.at(-1)).toBe(200);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
