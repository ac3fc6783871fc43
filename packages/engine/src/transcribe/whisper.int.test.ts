import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { EngineError } from '../types.ts';
import { transcriberConfigFromEnv } from '../languages/available-languages.ts';
import { availableLanguages, createTranscriber } from './transcriber-factory.ts';
import { loadWhisperBinding } from './whisper-transcriber.ts';

/**
 * A tiny whisper model (64 wide, one layer) written at test time, as no real weights can be fetched
 * here. Its decoder hands the position embedding straight to the output (all layers zero), so each
 * position picks the next token: [_BEG_] " Bon" "jour" " world" [_TT_50] [_EOT_]. " hello" competes
 * with "jour" to make that token's probability about 0.6. Multilingual vocabulary size, so the
 * language token is used.
 */
function tinyWhisperModel(): Buffer {
  const [S, AUDIO_CTX, TEXT_CTX, MELS, VOCAB, EOT, BEG] = [64, 1500, 448, 80, 51865, 50257, 50364];
  const parts: Buffer[] = [];
  const ints = (...values: number[]) => parts.push(Buffer.from(new Int32Array(values).buffer));
  const half = (v: number) => {
    const bits = new Uint32Array(new Float32Array([v]).buffer)[0] ?? 0;
    const exp = ((bits >>> 23) & 0xff) - 112;
    return v === 0 ? 0 : ((bits >>> 16) & 0x8000) | (exp << 10) | ((bits >>> 13) & 0x3ff);
  };
  // magic, n_vocab, audio ctx/state/head/layer, text ctx/state/head/layer, n_mels, ftype (f16)
  ints(0x67676d6c, VOCAB, AUDIO_CTX, S, 1, 1, TEXT_CTX, S, 1, 1, MELS, 1);
  ints(MELS, 201);
  parts.push(Buffer.alloc(MELS * 201 * 4));
  const vocab = [' ', ' hello', ' world', ',', ' Bon', 'jour'];
  ints(vocab.length);
  for (const word of vocab) {
    ints(Buffer.byteLength(word));
    parts.push(Buffer.from(word));
  }
  const tensor = (name: string, ne: number[], f16: boolean, values = new Map<number, number>()) => {
    ints(ne.length, Buffer.byteLength(name), f16 ? 1 : 0, ...ne);
    parts.push(Buffer.from(name));
    const data = Buffer.alloc(ne.reduce((a, b) => a * b, 1) * (f16 ? 2 : 4));
    for (const [i, v] of values) {
      if (f16) data.writeUInt16LE(half(v), i * 2);
      else data.writeFloatLE(v, i * 4);
    }
    parts.push(data);
  };
  const block = (prefix: string, attentions: string[]) => {
    tensor(`${prefix}.mlp_ln.weight`, [S], false);
    tensor(`${prefix}.mlp_ln.bias`, [S], false);
    tensor(`${prefix}.mlp.0.weight`, [S, 4 * S], true);
    tensor(`${prefix}.mlp.0.bias`, [4 * S], false);
    tensor(`${prefix}.mlp.2.weight`, [4 * S, S], true);
    tensor(`${prefix}.mlp.2.bias`, [S], false);
    for (const a of attentions) {
      tensor(`${prefix}.${a}_ln.weight`, [S], false);
      tensor(`${prefix}.${a}_ln.bias`, [S], false);
      for (const part of ['query', 'key', 'value', 'out']) {
        tensor(`${prefix}.${a}.${part}.weight`, [S, S], true);
        if (part !== 'key') tensor(`${prefix}.${a}.${part}.bias`, [S], false);
      }
    }
  };
  tensor('encoder.positional_embedding', [S, AUDIO_CTX], false);
  tensor('encoder.conv1.weight', [3, MELS, S], true);
  tensor('encoder.conv1.bias', [1, S], false);
  tensor('encoder.conv2.weight', [3, S, S], true);
  tensor('encoder.conv2.bias', [1, S], false);
  tensor('encoder.ln_post.weight', [S], false);
  tensor('encoder.ln_post.bias', [S], false);
  block('encoder.blocks.0', ['attn']);
  // The prompt is [_SOT_] [_LANG_fr] [_TRANSCRIBE_]: position 2 picks the first token, and so on.
  const script = [BEG, 4, 5, 2, BEG + 50, EOT];
  const positions = new Map(script.map((_, k) => [(2 + k) * S + (2 + k), 100]));
  tensor('decoder.positional_embedding', [S, TEXT_CTX], false, positions);
  // Every other token is pushed far down through dimension 0 (the output bias below).
  const embeddings = new Map<number, number>();
  for (let t = 0; t < VOCAB; t++) embeddings.set(t * S, -1);
  script.forEach((token, k) => {
    embeddings.delete(token * S);
    embeddings.set(token * S + 2 + k, 3);
  });
  embeddings.delete(1 * S);
  embeddings.set(1 * S + 4, 2.95);
  tensor('decoder.token_embedding.weight', [S, VOCAB], true, embeddings);
  tensor('decoder.ln.weight', [S], false, new Map(Array.from({ length: S }, (_, i) => [i, 1])));
  tensor('decoder.ln.bias', [S], false, new Map([[0, 30]]));
  block('decoder.blocks.0', ['attn', 'cross_attn']);
  return Buffer.concat(parts);
}

let dir = '';
let wav = '';
let tinyModel = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-whisper-'));
  // 1.5 s of real speech: whisper.cpp skips audio under a second.
  const speech = await speakSentence('Bonjour world', dir);
  const samples = new Int16Array(24_000);
  samples.set(speech.samples.subarray(0, samples.length));
  wav = join(dir, 'speech.wav');
  await writeFile(wav, encodeWav({ sampleRate: 16_000, samples }));
  tinyModel = join(dir, 'ggml-tiny-test.bin');
  await writeFile(tinyModel, tinyWhisperModel());
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('transcriber configuration', () => {
  it('reads the environment', () => {
    expect(
      transcriberConfigFromEnv({
        WHISPER_MODEL: '/m/ggml-base.bin',
        TRANSCRIBE_URL: 'http://h',
        TRANSCRIBE_API_KEY: 'k',
        TRANSCRIBE_MODEL: 'm',
      }),
    ).toEqual({
      whisperModel: '/m/ggml-base.bin',
      transcribeUrl: 'http://h',
      transcribeApiKey: 'k',
      transcribeModel: 'm',
      pocketsphinx: true,
      moonshine: true,
    });
    expect(transcriberConfigFromEnv({ WHISPER_MODEL: ' ' }).whisperModel).toBeUndefined();
  });

  it('says which languages exist when one is not available', async () => {
    const error = await createTranscriber({ pocketsphinx: true }, 'fr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('language_unavailable');
    expect((error as EngineError).message).toBe(
      'Transcription in French is not available on this server. Available languages: English.',
    );
    await expect(createTranscriber({ pocketsphinx: false }, 'en')).rejects.toThrow(
      'Transcription in English is not available on this server. Available languages: none.',
    );
  });
});

describe('whisper engine', () => {
  it('loads the native binding on this machine', async () => {
    const binding = await loadWhisperBinding();
    expect(typeof binding.WhisperModel.load).toBe('function');
    expect(typeof binding.binding.transcribe).toBe('function');
  });

  it('transcribes with a model: words from token timestamps, confidence from probabilities', async () => {
    expect(await availableLanguages({ whisperModel: tinyModel, pocketsphinx: false })).toEqual([
      ...LANGUAGE_CODES,
    ]);
    const transcriber = await createTranscriber({ whisperModel: tinyModel }, 'fr');
    expect(transcriber.name).toBe('whisper');
    const progress: number[] = [];
    const words = await transcriber.transcribe(wav, {
      language: 'fr',
      onProgress: (f) => progress.push(f),
    });
    expect(words.map((w) => w.text)).toEqual(['Bonjour', 'world']);
    const [bonjour, world] = words;
    // " Bon" is certain and "jour" about 0.6: the word gets their mean.
    expect(bonjour?.confidence).toBeGreaterThan(0.75);
    expect(bonjour?.confidence).toBeLessThan(0.85);
    expect(world?.confidence).toBeGreaterThan(0.99);
    expect(bonjour?.start).toBeGreaterThanOrEqual(0);
    expect(bonjour?.end).toBeLessThanOrEqual(world?.start ?? 0);
    expect(world?.end).toBeLessThanOrEqual(1);
    expect(progress.at(-1)).toBe(1);
    expect(progress.slice(0, -1).every((f) => f > 0 && f < 1)).toBe(true);
  });

  it('stops the native work when aborted', async () => {
    const transcriber = await createTranscriber({ whisperModel: tinyModel }, 'en');
    const controller = new AbortController();
    const started = Date.now();
    const run = transcriber.transcribe(wav, { language: 'en', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 30);
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('names a missing model file', async () => {
    const model = join(dir, 'missing.bin');
    expect(await availableLanguages({ whisperModel: model, pocketsphinx: false })).toEqual([]);
    const error = await createTranscriber({ whisperModel: model }, 'fr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('whisper_model_missing');
    expect((error as EngineError).message).toBe(
      `The whisper model file ${model} does not exist. Set WHISPER_MODEL to a ggml model file.`,
    );
  });

  it('rejects a corrupt model file before native code reads it', async () => {
    const model = join(dir, 'corrupt.bin');
    await writeFile(model, randomBytes(64));
    const error = await createTranscriber({ whisperModel: model }, 'de').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('whisper_model_invalid');
    expect((error as EngineError).message).toMatch(/is not a ggml model.*Set WHISPER_MODEL/);
  });

  it('survives a truncated model that whisper.cpp aborts on, with a clear error', async () => {
    // A ggml header with garbage after it: passes the header check, kills whisper.cpp's process.
    const model = join(dir, 'truncated.bin');
    await writeFile(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), randomBytes(64)]));
    const transcriber = await createTranscriber({ whisperModel: model }, 'ja');
    const error = await transcriber.transcribe(wav, { language: 'ja' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('whisper_model_invalid');
    expect((error as EngineError).message).toMatch(
      new RegExp(
        `^whisper\\.cpp could not load the model file ${model} \\(.+\\).*Set WHISPER_MODEL`,
      ),
    );
  });

  it('says when the audio cannot be read', async () => {
    const transcriber = await createTranscriber({ whisperModel: tinyModel }, 'en');
    const error = await transcriber
      .transcribe(join(dir, 'none.wav'), { language: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('audio_invalid');
  });
});
