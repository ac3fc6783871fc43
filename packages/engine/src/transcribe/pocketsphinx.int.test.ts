import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import { extractAudio } from '../audio/extract-audio.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { availableLanguages, createTranscriber } from './transcriber-factory.ts';

const run = promisify(execFile);
const SENTENCES = [
  'Welcome back to the channel.',
  'Today we talk about editing video quickly.',
  'Short clips work well on social media.',
];
const LEAD_S = 0.5;
const GAP_S = 1.5;

/** Word error rate: word-level Levenshtein distance over the reference length. */
function wordErrorRate(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[hypothesis.length]! / reference.length;
}
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

let dir = '';
let wav = '';
const spans: { start: number; end: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-sphinx-'));
  // flite's 16 kHz voice; sentences joined by exact silences into an AAC file like an upload's.
  const inputs: string[] = [];
  let t = LEAD_S;
  for (const [i, sentence] of SENTENCES.entries()) {
    const part = join(dir, `s${i}.wav`);
    await run('flite', ['-voice', 'kal16', '-t', sentence, '-o', part]);
    const { durationS } = await readWavInfo(part);
    spans.push({ start: t, end: t + durationS });
    t += durationS + GAP_S;
    inputs.push(part);
  }
  const filter =
    inputs.map((_, i) => `[${i}]aresample=16000,apad=pad_dur=${GAP_S}[a${i}]`).join(';') +
    `;${inputs.map((_, i) => `[a${i}]`).join('')}concat=n=${inputs.length}:v=0:a=1,adelay=${LEAD_S * 1000}`;
  const talk = join(dir, 'talk.m4a');
  await runFfmpeg([
    ...inputs.flatMap((p) => ['-i', p]),
    '-filter_complex',
    filter,
    '-ar',
    '44100',
    '-c:a',
    'aac',
    talk,
  ]);
  wav = join(dir, 'talk-16k.wav');
  await extractAudio(talk, wav);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('audio extraction and energy on generated speech', () => {
  it('writes 16 kHz mono s16 and an energy track that sees speech and silence', async () => {
    const info = await readWavInfo(wav);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(info.dataOffset).toBe(44);
    const energy = await computeEnergyTrack(wav);
    expect(energy.frameS).toBe(0.01);
    expect(Math.abs(energy.db.length - info.durationS / 0.01)).toBeLessThanOrEqual(1);
    const mean = (from: number, to: number) => {
      const slice = energy.db.subarray(Math.round(from / 0.01), Math.round(to / 0.01));
      return slice.reduce((a, b) => a + b, 0) / slice.length;
    };
    // Middle of the first gap vs the middle of the first sentence.
    const gapMean = mean(spans[0]!.end + 0.3, spans[1]!.start - 0.3);
    const speechMean = mean(spans[0]!.start + 0.1, spans[0]!.end - 0.1);
    expect(gapMean).toBeLessThan(-60);
    expect(speechMean).toBeGreaterThan(-45);
    expect(speechMean - gapMean).toBeGreaterThan(30);
  });
});

describe('pocketsphinx transcriber', () => {
  it('is offered for English when installed', async () => {
    expect(await availableLanguages({ pocketsphinx: true })).toEqual(['en']);
  });

  it('transcribes generated speech with a bounded WER and word times inside the speech', async () => {
    const transcriber = await createTranscriber({ pocketsphinx: true }, 'en');
    expect(transcriber.name).toBe('pocketsphinx');
    const progress: number[] = [];
    const started = performance.now();
    const words = await transcriber.transcribe(wav, {
      language: 'en',
      onProgress: (f) => progress.push(f),
    });
    const elapsedS = (performance.now() - started) / 1000;
    const { durationS } = await readWavInfo(wav);
    const wer = wordErrorRate(
      normalise(SENTENCES.join(' ')),
      words.map((w) => w.text.toLowerCase()),
    );
    console.info(
      `pocketsphinx: WER ${wer.toFixed(3)}, RTF ${(elapsedS / durationS).toFixed(3)} (${elapsedS.toFixed(1)} s for ${durationS.toFixed(1)} s)`,
    );
    expect(wer).toBeLessThanOrEqual(0.25);
    for (const w of words) {
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.text).not.toMatch(/[<>[\]()+]/);
      const inside = spans.some((s) => w.start >= s.start - 0.15 && w.end <= s.end + 0.15);
      expect(inside, `${w.text} ${w.start}-${w.end}`).toBe(true);
    }
    expect(words.map((w) => w.start)).toEqual([...words.map((w) => w.start)].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
  });

  it('stops the recogniser on abort', async () => {
    const transcriber = await createTranscriber({ pocketsphinx: true }, 'en');
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 300);
    await expect(
      transcriber.transcribe(wav, { language: 'en', signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
