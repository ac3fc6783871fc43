import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  apiPaths,
  autoJobSchema,
  languageListResponseSchema,
} from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { caller, signUp, startVideoEdit, waitForStatus } from '../../test/video-edits.ts';
import { listLanguages } from './languages.service.ts';

const WHISPER_OR_SERVER =
  'Needs a Whisper model (WHISPER_MODEL) or a transcription server (TRANSCRIBE_URL)';
// NOTE: the machine's own set-up decides what is available; these tests assume the default one
// (pocketsphinx for English, no Whisper model and no transcription server).
const defaultSetup = !process.env.WHISPER_MODEL?.trim() && !process.env.TRANSCRIBE_URL?.trim();

describe('the languages a job can ask for', () => {
  it('lists every spec language, marking what each engine set-up can transcribe', async () => {
    const none = await listLanguages({ pocketsphinx: false });
    expect(none.languages.map((l) => l.code)).toEqual(LANGUAGE_CODES);
    expect(none.languages.every((l) => !l.available)).toBe(true);
    expect(none.languages[0]).toEqual({
      code: 'en',
      name: 'English',
      available: false,
      needs:
        'Needs the built-in Moonshine model (reinstall the dependencies with npm install) or pocketsphinx (installed by ./roughcut start), a Whisper model (WHISPER_MODEL) or a transcription server (TRANSCRIBE_URL)',
    });
    expect(none.languages.find((l) => l.code === 'su')).toEqual({
      code: 'su',
      name: 'Sundanese',
      available: false,
      needs: WHISPER_OR_SERVER,
    });

    const remote = await listLanguages({
      transcribeUrl: 'http://127.0.0.1:9/v1',
      pocketsphinx: false,
    });
    expect(remote.languages).toHaveLength(LANGUAGE_CODES.length);
    expect(remote.languages.every((l) => l.available && l.needs === null)).toBe(true);

    const broken = await listLanguages({
      whisperModel: '/nowhere/ggml-base.bin',
      pocketsphinx: false,
    });
    expect(broken.languages.find((l) => l.code === 'de')?.needs).toBe(
      'Needs a working Whisper model: WHISPER_MODEL is set but /nowhere/ggml-base.bin could not be loaded',
    );
  });
});

describe.each(TEST_DATABASES)('languages API on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-languages-'));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('401s without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.languages() })).statusCode).toBe(401);
  });

  it.skipIf(!defaultSetup)('offers English here and disables the rest with a reason', async () => {
    const call = caller(t, await signUp(t));
    const response = await call('GET', apiPaths.languages());
    expect(response.statusCode).toBe(200);
    const { languages } = languageListResponseSchema.parse(response.json());
    expect(languages).toHaveLength(LANGUAGE_CODES.length);
    expect(languages.length).toBeGreaterThanOrEqual(99);
    expect(languages.filter((l) => l.available).map((l) => l.code)).toEqual(['en']);
    expect(languages.find((l) => l.code === 'ja')).toEqual({
      code: 'ja',
      name: 'Japanese',
      available: false,
      needs: WHISPER_OR_SERVER,
    });
  });

  it.skipIf(!defaultSetup)('fails a job in a language no engine has, saying why', async () => {
    const { call, job } = await startVideoEdit(t, await readFile(await talkingVideo(mediaDir)), {
      steps: ['optimised-long-form'],
      // The create panel disables Sundanese here; the API still takes it, and the run says why.
      beforeStart: async (edit) => {
        const update = await edit.call('POST', apiPaths.autojob(edit.job.id), { language: 'su' });
        expect(autoJobSchema.parse(update.json()).language).toBe('su');
      },
    });
    const failed = await waitForStatus(call, job.id, ['failed']);
    expect(failed.job_instance?.failure_reason).toBe(
      'Transcription in Sundanese is not available on this server. Available languages: English.',
    );
  });
});
