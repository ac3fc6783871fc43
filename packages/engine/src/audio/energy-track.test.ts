import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../testing/wav.ts';
import { computeEnergyTrack } from './energy-track.ts';

const dir = await mkdtemp(join(tmpdir(), 'energy-track-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** One second of a sine at `hz`, 16 kHz, amplitude 0.25 (-15 dBFS RMS). */
async function sineWav(hz: number): Promise<string> {
  const samples = Int16Array.from({ length: 16_000 }, (_, i) =>
    Math.round(0.25 * 32767 * Math.sin((2 * Math.PI * hz * i) / 16_000)),
  );
  const path = join(dir, `sine-${hz}.wav`);
  await writeFile(path, encodeWav({ sampleRate: 16_000, samples }));
  return path;
}

describe('computeEnergyTrack', () => {
  it('gives the plain level and a pre-emphasised one where a rumble is weak and a hiss strong', async () => {
    const low = await computeEnergyTrack(await sineWav(100));
    const high = await computeEnergyTrack(await sineWav(4000));
    expect(low.db).toHaveLength(100);
    expect(low.edgeDb).toHaveLength(100);
    expect(low.db[50]).toBeCloseTo(-15.05, 1);
    expect(high.db[50]).toBeCloseTo(-15.05, 1);
    // |1 - 0.95 e^-jw|: about -18 dB at 100 Hz, +3 dB at 4 kHz.
    expect(low.edgeDb![50]! - low.db[50]!).toBeLessThan(-15);
    expect(high.edgeDb![50]! - high.db[50]!).toBeGreaterThan(2);
  });
});
