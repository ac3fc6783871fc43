import { describe, expect, it } from 'vitest';
import { wavHeader } from '../audio/wav-header.ts';
import { planChunks } from './pocketsphinx-chunks.ts';

const track = (seconds: number, quietAt: number[]) => {
  const db = new Float32Array(Math.round(seconds * 100)).fill(-30);
  for (const t of quietAt) {
    for (let i = Math.round((t - 0.3) * 100); i < Math.round((t + 0.3) * 100); i++) db[i] = -90;
  }
  return { frameS: 0.01, db };
};

describe('planChunks', () => {
  it('keeps a short file in one piece', () => {
    expect(planChunks(80, track(80, []))).toEqual([{ start: 0, end: 80 }]);
  });

  it('cuts near each target at the quietest moment', () => {
    const chunks = planChunks(200, track(200, [57, 123]), { targetS: 60, searchS: 8 });
    expect(chunks).toHaveLength(3);
    expect(chunks[0]?.start).toBe(0);
    expect(chunks[0]?.end).toBeCloseTo(57, 0);
    expect(chunks[1]?.end).toBeCloseTo(123, 0);
    expect(chunks[2]?.end).toBe(200);
  });

  it('covers the whole file with adjoining spans', () => {
    const chunks = planChunks(600, track(600, []));
    expect(chunks[0]?.start).toBe(0);
    expect(chunks.at(-1)?.end).toBe(600);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.start).toBe(chunks[i - 1]?.end);
    for (const chunk of chunks) expect(chunk.end - chunk.start).toBeLessThanOrEqual(90);
  });

  it('bounds every chunk, and so the memory of each recogniser, however long the file', () => {
    // Quietest at the far or near edge of every search window: the longest and shortest cuts.
    const ramp = (seconds: number, fromDb: number, toDb: number) => {
      const db = new Float32Array(Math.round(seconds * 100));
      for (let i = 0; i < db.length; i++) db[i] = fromDb + ((toDb - fromDb) * i) / db.length;
      return { frameS: 0.01, db };
    };
    for (const seconds of [90, 91, 135, 136, 200, 599, 3600]) {
      for (const energy of [ramp(seconds, -20, -90), ramp(seconds, -90, -20)]) {
        const chunks = planChunks(seconds, energy);
        expect(chunks[0]?.start).toBe(0);
        expect(chunks.at(-1)?.end).toBe(seconds);
        for (const [i, chunk] of chunks.entries()) {
          expect(chunk.end - chunk.start).toBeGreaterThan(0);
          expect(chunk.end - chunk.start).toBeLessThanOrEqual(90);
          if (i > 0) expect(chunk.start).toBe(chunks[i - 1]?.end);
        }
      }
    }
  });
});

describe('wavHeader', () => {
  it('describes 16-bit PCM of the given format and length', () => {
    const header = wavHeader({ sampleRate: 16_000, channels: 1 }, 32_000);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt32LE(4)).toBe(36 + 32_000);
    expect(header.readUInt32LE(24)).toBe(16_000);
    expect(header.readUInt32LE(28)).toBe(32_000);
    expect(header.readUInt32LE(40)).toBe(32_000);
  });
});
