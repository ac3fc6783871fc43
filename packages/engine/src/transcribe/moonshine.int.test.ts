// The default English engine on generated speech: written words (capitals, punctuation) with times
// inside the speech, resumable from a chunk store, stoppable, and chosen by the factory.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleSpeech, speakSentence } from '../testing/test-media.ts';
import type { TimedSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { errorCount, wordErrors } from '../testing/word-errors.ts';
import type { TranscriptChunkStore, Word } from '../types.ts';
import { transcribeWithMoonshine } from './moonshine-transcriber.ts';
import { transcriberConfigFromEnv } from '../languages/available-languages.ts';
import { createTranscriber } from './transcriber-factory.ts';

const SENTENCES = [
  'Welcome back to the channel.',
  'Today we talk about editing video quickly.',
  'Short clips work well on social media.',
];

let dir = '';
let wav = '';
let sentences: TimedSentence[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-moonshine-asr-'));
  const clips = [];
  for (const text of SENTENCES) clips.push({ text, pcm: await speakSentence(text, dir, 'awb') });
  // WARNING: quiet on purpose (peaks near -40 dBFS): the level is normalised before decoding.
  const track = assembleSpeech(clips, { silenceS: 2.5, leadInS: 0.6, tailS: 0.8, fps: 25 });
  const quiet = track.pcm.samples.map((s) => Math.round(s / 64));
  sentences = track.sentences;
  wav = join(dir, 'speech.wav');
  await writeFile(wav, encodeWav({ sampleRate: 16_000, samples: quiet }));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

function memoryStore(): TranscriptChunkStore & { saved: Map<string, readonly Word[]> } {
  const saved = new Map<string, readonly Word[]>();
  return {
    saved,
    load: (key) => Promise.resolve(saved.get(key) ? [...saved.get(key)!] : undefined),
    save: (key, words) => {
      saved.set(key, words);
      return Promise.resolve();
    },
  };
}

describe('Moonshine transcriber', () => {
  it('writes what was said with capitals and punctuation, each word inside its sentence', async () => {
    const store = memoryStore();
    const progress: number[] = [];
    const words = await transcribeWithMoonshine(wav, {
      language: 'en',
      chunkStore: store,
      onProgress: (f) => progress.push(f),
    });
    const e = wordErrors(
      SENTENCES.join(' '),
      words.map((w) => w.text),
    );
    expect(errorCount(e), words.map((w) => w.text).join(' ')).toBe(0);
    expect(words[0]!.text).toBe('Welcome');
    expect(words.some((w) => w.text.endsWith('.'))).toBe(true);
    for (const w of words) {
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      expect(w.end).toBeGreaterThan(w.start);
      const inside = sentences.some((s) => w.start >= s.start - 0.15 && w.end <= s.end + 0.15);
      expect(inside, `${w.text} ${w.start}-${w.end}`).toBe(true);
    }
    expect(Math.abs(words[0]!.start - sentences[0]!.start)).toBeLessThan(0.1);
    expect(Math.abs(words.at(-1)!.end - sentences.at(-1)!.end)).toBeLessThan(0.1);
    // One stored utterance per sentence (its pauses are longer than the joining pause).
    expect(store.saved.size).toBe(SENTENCES.length);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
  }, 120_000);

  it('resumes from finished utterances instead of hearing them again', async () => {
    const store = memoryStore();
    await transcribeWithMoonshine(wav, { language: 'en', chunkStore: store });
    // A stored utterance's words are what a retry returns: it is not heard again.
    const [firstKey, firstWords] = [...store.saved.entries()][0]!;
    store.saved.set(
      firstKey,
      firstWords.map((w) => ({ ...w, text: w.text.toUpperCase() })),
    );
    const again = await transcribeWithMoonshine(wav, { language: 'en', chunkStore: store });
    expect(again[0]!.text).toBe('WELCOME');
    expect(again.at(-1)!.text).toBe('media.');
  }, 120_000);

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pending = transcribeWithMoonshine(wav, {
      language: 'en',
      signal: controller.signal,
      onProgress: (f) => {
        if (f > 0.1) controller.abort(new Error('stopped by test'));
      },
    });
    await expect(pending).rejects.toThrow('stopped by test');
  }, 120_000);

  it('is the default English engine; whisper and a remote endpoint still win', async () => {
    expect((await createTranscriber(transcriberConfigFromEnv({}), 'en')).name).toBe('moonshine');
    const remote = transcriberConfigFromEnv({ TRANSCRIBE_URL: 'http://127.0.0.1:9' });
    expect((await createTranscriber(remote, 'en')).name).toBe('openai-compatible');
    expect((await createTranscriber({ pocketsphinx: true }, 'en')).name).toBe('pocketsphinx');
  });
});
