import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import {
  availableLanguages,
  createTranscriber,
  transcriberConfigFromEnv,
} from './transcriber-factory.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-whisper-'));
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

  it('gives a clear error when the binding or the model cannot load', async () => {
    // A ggml header with garbage after it: passes the header check, fails in whisper.cpp.
    const model = join(dir, 'truncated.bin');
    await writeFile(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), randomBytes(64)]));
    expect(await availableLanguages({ whisperModel: model, pocketsphinx: false })).toContain('ja');
    const transcriber = await createTranscriber({ whisperModel: model }, 'ja');
    expect(transcriber.name).toBe('whisper');
    const error = await transcriber
      .transcribe(join(dir, 'none.wav'), { language: 'ja' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(['whisper_unavailable', 'transcribe_failed']).toContain((error as EngineError).code);
    expect((error as EngineError).message).toMatch(/whisper/);
  });
});
