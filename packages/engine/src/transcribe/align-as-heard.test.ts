import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWavInfo } from '../audio/wav-header.ts';
import type { WavInfo } from '../audio/wav-header.ts';
import { encodeWav, parseWav } from '../testing/wav.ts';
import type { Word } from '../types.ts';
import { alignAsHeard } from './align-as-heard.ts';
import type { HeardSpan } from './align-as-heard.ts';
import { writeLevelledWav } from './utterance-audio.ts';

const RATE = 16_000;
// Four utterances in 10 s, each at its own gain; the last one's audio runs to the end of the file.
const PLAN: HeardSpan[] = [
  { start: 0.5, end: 2, gain: 2, words: [{ text: 'one', confidence: 1 }] },
  { start: 2.5, end: 4, gain: 3, words: [{ text: 'two', confidence: 1 }] },
  { start: 4.2, end: 6, gain: 4, words: [{ text: 'three', confidence: 1 }] },
  { start: 8, end: 9, gain: 5, words: [{ text: 'four', confidence: 1 }] },
];

let dir: string;
let source: string;
let info: WavInfo;
let expected: Int16Array;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-as-heard-'));
  source = join(dir, 'in.wav');
  const samples = Int16Array.from({ length: 10 * RATE }, (_, i) => (i % 200) - 100);
  await writeFile(source, encodeWav({ sampleRate: RATE, samples }));
  info = await readWavInfo(source);
  await writeLevelledWav(source, info, PLAN, join(dir, 'whole.wav'));
  expected = parseWav(await readFile(join(dir, 'whole.wav'))).samples;
});

afterEach(() => rm(dir, { recursive: true, force: true }));

/** An aligner that checks the audio it reads (the utterance and 0.15 s around it) is levelled. */
function checkingAligner(log: { running: number; most: number; mostAfter: number; done: boolean }) {
  return async (wav: string, u: HeardSpan): Promise<Word[]> => {
    log.running++;
    if (log.done) log.mostAfter = Math.max(log.mostAfter, log.running);
    else log.most = Math.max(log.most, log.running);
    const samples = parseWav(await readFile(wav)).samples;
    const from = Math.round(Math.max(0, u.start - 0.15) * RATE);
    const to = Math.round(Math.min(10, u.end + 0.15) * RATE);
    expect(samples.subarray(from, to)).toEqual(expected.subarray(from, to));
    await new Promise((resolve) => setImmediate(resolve));
    log.running--;
    return u.words.map((w) => ({ ...w, start: u.start, end: u.end }));
  };
}

describe('alignAsHeard', () => {
  it('aligns each utterance once its levelled audio is written, one at a time while hearing', async () => {
    const log = { running: 0, most: 0, mostAfter: 0, done: false };
    const target = join(dir, 'levelled.wav');
    const aligner = await alignAsHeard(source, info, PLAN, target, checkingAligner(log), {
      whileHearing: 1,
      afterHearing: 2,
    });
    for (const [i, u] of PLAN.entries()) {
      await aligner.heard(i, u);
      await new Promise((resolve) => setImmediate(resolve));
    }
    log.done = true;
    const words = await aligner.finish();
    expect(words.map((w) => w.map((x) => x.text))).toEqual([['one'], ['two'], ['three'], ['four']]);
    expect(log.most).toBe(1);
    expect(parseWav(await readFile(target)).samples).toEqual(expected);
  });

  it('fails when an alignment fails, and stops the others', async () => {
    const seen: AbortSignal[] = [];
    const aligner = await alignAsHeard(
      source,
      info,
      PLAN,
      join(dir, 'levelled.wav'),
      (_wav, u, signal) => {
        seen.push(signal);
        return u.start === 2.5 ? Promise.reject(new Error('aligner broke')) : Promise.resolve([]);
      },
      { whileHearing: 1, afterHearing: 2 },
    );
    for (const [i, u] of PLAN.entries()) await aligner.heard(i, u);
    await expect(aligner.finish()).rejects.toThrow('aligner broke');
    expect(seen.at(-1)!.aborted).toBe(true);
  });
});
