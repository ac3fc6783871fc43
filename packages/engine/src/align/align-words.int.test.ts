import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fliteWordTimes } from '../testing/flite-word-times.ts';
import type { TrueWord } from '../testing/flite-word-times.ts';
import { assembleSpeech, speakSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { alignUtterances } from './align-words.ts';

// Two sentences 0.4 s apart, one utterance as the recogniser would cut it, written as people
// write (capitals, punctuation, a number).
const SENTENCES = ['Keep every word, and cut only the quiet parts.', 'It took 3 minutes!'];
const VOICE = 'rms';
const LEAD_S = 0.7;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? NaN;

let dir = '';
let wav = '';
let quietWav = '';
let truth: TrueWord[] = [];
let span = { start: 0, end: 0 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'align-int-'));
  const clips = await Promise.all(
    SENTENCES.map(async (text) => ({ text, pcm: await speakSentence(text, dir, VOICE) })),
  );
  const track = assembleSpeech(clips, { silenceS: 0.4, leadInS: LEAD_S, tailS: 0.8, fps: 25 });
  wav = join(dir, 'speech.wav');
  await writeFile(wav, encodeWav(track.pcm));
  // The same speech peaking near -45 dBFS, as some real recordings do.
  const peak = track.pcm.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  const quiet = track.pcm.samples.map((s) => Math.round((s * 32768 * 10 ** (-45 / 20)) / peak));
  quietWav = join(dir, 'quiet.wav');
  await writeFile(quietWav, encodeWav({ ...track.pcm, samples: quiet }));
  const perSentence = await Promise.all(
    track.sentences.map(async (s) =>
      (await fliteWordTimes(s.text, dir, VOICE)).map((w) => ({
        ...w,
        start: s.start + w.start,
        end: s.start + w.end,
      })),
    ),
  );
  truth = perSentence.flat();
  span = { start: LEAD_S - 0.25, end: (track.sentences.at(-1)?.end ?? 0) + 0.25 };
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('alignUtterances', () => {
  it('times every word within the word-time targets (median 40 ms, worst 120 ms), text and confidence as given', async () => {
    const given = SENTENCES.join(' ')
      .split(' ')
      .map((text, i) => ({ text, confidence: 0.5 + i / 40 }));
    const words = await alignUtterances(wav, [{ ...span, words: given }]);

    expect(words.map((w) => [w.text, w.confidence])).toEqual(
      given.map((w) => [w.text, w.confidence]),
    );
    const startErrors = words.map((w, i) => Math.abs(w.start - (truth[i]?.start ?? NaN)));
    const endErrors = words.map((w, i) => Math.abs(w.end - (truth[i]?.end ?? NaN)));
    expect(percentile(startErrors, 50)).toBeLessThanOrEqual(0.04);
    expect(percentile(endErrors, 50)).toBeLessThanOrEqual(0.04);
    expect(Math.max(...startErrors)).toBeLessThanOrEqual(0.12);
    expect(Math.max(...endErrors)).toBeLessThanOrEqual(0.12);
    for (const w of words) {
      expect(w.start).toBeGreaterThanOrEqual(span.start);
      expect(w.end).toBeLessThanOrEqual(span.end);
    }
  }, 60_000);

  it('times speech that peaks near -45 dBFS as well as loud speech', async () => {
    const given = SENTENCES.join(' ')
      .split(' ')
      .map((text) => ({ text, confidence: 0.9 }));
    const words = await alignUtterances(quietWav, [{ ...span, words: given }]);
    const startErrors = words.map((w, i) => Math.abs(w.start - (truth[i]?.start ?? NaN)));
    expect(words.every((w) => w.confidence === 0.9)).toBe(true);
    expect(percentile(startErrors, 50)).toBeLessThanOrEqual(0.04);
    expect(Math.max(...startErrors)).toBeLessThanOrEqual(0.12);
  }, 60_000);

  it('lowers the confidence of a word that was never said, and only of that word', async () => {
    const texts = SENTENCES.join(' ').split(' ');
    texts.splice(4, 0, 'absolutely');
    const given = texts.map((text) => ({ text, confidence: 0.9 }));
    const words = await alignUtterances(wav, [{ ...span, words: given }]);
    expect(words.map((w) => w.text)).toEqual(texts);
    expect(words[4]?.confidence).toBeLessThan(0.8);
    expect(words.filter((w) => w.confidence === 0.9)).toHaveLength(texts.length - 1);
  }, 60_000);

  it('stops its aligners when aborted', async () => {
    const controller = new AbortController();
    const words = [{ text: 'Keep', confidence: 1 }];
    const pending = alignUtterances(wav, [{ ...span, words }], { signal: controller.signal });
    controller.abort(new Error('stopped by the test'));
    await expect(pending).rejects.toThrow('stopped by the test');
  });
});
