// The recogniser with its encoder on a worker thread hears exactly what it hears alone: the same
// words with the same confidences, from states the worker really made.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleSpeech, speakSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { ort } from '../onnx/onnx-runtime.ts';
import { shareEncoderWorker, startEncoderWorker } from './moonshine-encoder-helper.ts';
import { loadMoonshineEncoder, moonshineEncoderPath } from './moonshine-model.ts';
import { hearUtterances } from './moonshine-transcriber.ts';

const SENTENCES = [
  'The worker encodes the next sentence.',
  'The main thread searches the beams.',
  'Both must hear the same words.',
];

let dir = '';
let wav = '';
let samples: Float32Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-moonshine-worker-'));
  const clips = [];
  for (const text of SENTENCES) clips.push({ text, pcm: await speakSentence(text, dir, 'awb') });
  const track = assembleSpeech(clips, { silenceS: 2, leadInS: 0.5, tailS: 0.5, fps: 25 });
  wav = join(dir, 'speech.wav');
  await writeFile(wav, encodeWav({ sampleRate: 16_000, samples: track.pcm.samples }));
  samples = Float32Array.from(track.pcm.samples.slice(0, 16_000 * 3), (s) => s / 32768);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('Moonshine with its encoder on a worker thread', () => {
  it('hears the same words with the same confidences as the main thread alone', async () => {
    const alone = await hearUtterances(wav, { language: 'en', encoderWorker: false });
    const shared = await hearUtterances(wav, { language: 'en', encoderWorker: true });
    expect(alone.length).toBe(SENTENCES.length);
    expect(alone.flatMap((u) => u.words).length).toBeGreaterThan(12);
    expect(shared).toEqual(alone);
  }, 120_000);

  it('encodes in the worker, bit for bit what the main thread encodes', async () => {
    const helper = startEncoderWorker(moonshineEncoderPath());
    const theirs = await helper.encode(samples);
    await helper.stop();
    const encoder = await loadMoonshineEncoder();
    const ours = await encoder.run({
      input_values: new ort.Tensor('float32', samples, [1, samples.length]),
    });
    const hidden = ours.last_hidden_state!;
    expect(theirs?.dims).toEqual(hidden.dims);
    expect(
      Buffer.from(theirs!.data.buffer).equals(
        Buffer.from(
          (hidden.data as Float32Array).buffer,
          (hidden.data as Float32Array).byteOffset,
          (hidden.data as Float32Array).byteLength,
        ),
      ),
    ).toBe(true);
    // A stopped helper answers nothing, so the caller encodes itself.
    expect(await helper.encode(samples)).toBeUndefined();
  }, 60_000);

  it('is one worker for transcriptions side by side, stopped when the last one ends', async () => {
    const first = shareEncoderWorker(moonshineEncoderPath());
    const second = shareEncoderWorker(moonshineEncoderPath());
    const [a, b] = await Promise.all([first.encode(samples), second.encode(samples)]);
    expect(Buffer.from(a!.data.buffer).equals(Buffer.from(b!.data.buffer))).toBe(true);
    await first.stop();
    expect(first.alive()).toBe(false);
    expect(second.alive()).toBe(true);
    expect(await second.encode(samples)).toBeDefined();
    await second.stop();
    expect(second.alive()).toBe(false);
    const third = shareEncoderWorker(moonshineEncoderPath());
    expect(await third.encode(samples)).toBeDefined();
    await third.stop();
  }, 60_000);
});
