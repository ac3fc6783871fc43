import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { eq } from 'drizzle-orm';
import {
  RESUMABLE_METADATA,
  apiPaths,
  assetListResponseSchema,
  autoJobSchema,
  resumableUploadsPath,
} from '@roughcut/shared';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { caller, createJob, signUp } from '../../test/video-edits.ts';
import { autoJobs } from '../../db/tables/edit.schema.ts';
import { storageUsedBytes } from '../assets/index.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { resumableDirOf } from '../../storage/resumable-store.ts';
import { sweepLeftovers } from '../pipeline/leftovers.service.ts';

const metadataHeader = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe.each(TEST_DATABASES)('resumable uploads (tus) on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAX_UPLOAD_BYTES: String(50 * 1024 * 1024) } });
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-tus-media-'));
    talk = await readFile(await talkingVideo(mediaDir));
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const tusRequest = (
    token: string,
    method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: Buffer,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, 'tus-resumable': '1.0.0', ...headers },
      ...withSession(token),
      ...(payload ? { payload } : {}),
    });

  const create = (
    token: string,
    jobId: string,
    length: number,
    name = 'talk.mp4',
    extra: Record<string, string> = {},
  ) =>
    tusRequest(token, 'POST', resumableUploadsPath(jobId), {
      'upload-length': String(length),
      'upload-metadata': metadataHeader({
        [RESUMABLE_METADATA.fileName]: name,
        [RESUMABLE_METADATA.fileType]: 'video/mp4',
        ...extra,
      }),
    });

  const patch = (token: string, location: string, offset: number, bytes: Buffer) =>
    tusRequest(
      token,
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );

  const videoAsset = async (token: string, jobId: string) => {
    const response = await caller(t, token)('GET', apiPaths.autojobAssets(jobId));
    const list = assetListResponseSchema.parse(response.json());
    return list.assets.find((a) => a.asset_type === 'unedited_video');
  };

  it('takes a video in two requests, resumes from HEAD, and stores it byte for byte', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const created = await create(token, job.id, talk.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^${resumableUploadsPath(job.id)}/[0-9a-f]{32}$`));
    const half = Math.floor(talk.length / 2);
    expect((await patch(token, location, 0, talk.subarray(0, half))).statusCode).toBe(204);
    const paused = await videoAsset(token, job.id);
    expect(paused).toMatchObject({
      status: 'uploading',
      size: talk.length,
      uploaded_amount: half,
      upload_url: location,
    });
    const head = await tusRequest(token, 'HEAD', location);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await patch(token, location, half, talk.subarray(half))).statusCode).toBe(204);
    const done = await videoAsset(token, job.id);
    expect(done).toMatchObject({ status: 'uploaded', size: talk.length });
    expect(done?.upload_url).toBeUndefined();
    const [row] = await t.app.ctx.db
      .select()
      .from(assets)
      .where(eq(assets.id, done?.id ?? ''));
    const stored = await readFile(t.app.ctx.storage.resolve(row?.storageKey ?? ''));
    expect(stored.equals(talk)).toBe(true);
    expect(await readdir(resumableDirOf(t.app.ctx.storage))).toEqual([]);
  });

  it('works with a real tus client, which can start the edit when the last byte arrives', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(talk, {
        endpoint: `${baseUrl}${resumableUploadsPath(job.id)}`,
        chunkSize: 64 * 1024,
        metadata: { filename: 'talk.mp4', filetype: 'video/mp4', start: '1' },
        headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: TEST_ORIGIN },
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    const response = await caller(t, token)('GET', apiPaths.autojob(job.id));
    expect(autoJobSchema.parse(response.json()).status).not.toBe('created');
  });

  it('refuses creation over the size limit, over the storage quota and for another user', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const tooBig = await create(token, job.id, 50 * 1024 * 1024 + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(JSON.parse(tooBig.body)).toEqual({
      err: 'Your video is larger than the 50MB upload limit. Please upload a smaller video.',
    });
    const older = await createJob(caller(t, token), ['optimised-long-form'], 'Older edit');
    await t.app.ctx.db.insert(assets).values({
      autoJobId: older.id,
      name: 'Older edit.mp4',
      assetType: 'edited_video',
      size: 2 * 1024 ** 3 - 1000,
      uploadedAmount: 2 * 1024 ** 3 - 1000,
      status: 'uploaded',
    });
    const full = await create(token, job.id, 20_000);
    expect(full.statusCode).toBe(413);
    expect(full.json<{ err: string }>().err).toMatch(/storage/i);
    const stranger = await signUp(t);
    const theirs = await create(stranger, job.id, 1000);
    expect(theirs.statusCode).toBe(404);
    expect(await videoAsset(token, job.id)).toBeUndefined();
  });

  it('answers 404 to another user on HEAD, PATCH and DELETE of an upload', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const location = String((await create(token, job.id, talk.length)).headers.location);
    const stranger = await signUp(t);
    expect((await tusRequest(stranger, 'HEAD', location)).statusCode).toBe(404);
    expect((await patch(stranger, location, 0, talk.subarray(0, 100))).statusCode).toBe(404);
    expect((await tusRequest(stranger, 'DELETE', location)).statusCode).toBe(404);
    const theirJob = await createJob(caller(t, stranger));
    const elsewhere = location.replace(job.id, theirJob.id);
    expect((await tusRequest(stranger, 'HEAD', elsewhere)).statusCode).toBe(404);
    expect((await tusRequest(token, 'HEAD', location)).headers['upload-offset']).toBe('0');
  });

  it('refuses text named .mp4 from its first bytes and ends the upload', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const text = Buffer.from('These are my notes for the talk, not a video.\n'.repeat(10));
    const location = String((await create(token, job.id, text.length)).headers.location);
    const refused = await patch(token, location, 0, text);
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({
      err: 'This file is text, not a video: choose an .mp4 video',
    });
    expect(await videoAsset(token, job.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'This file is text, not a video: choose an .mp4 video',
    });
    expect((await tusRequest(token, 'HEAD', location)).statusCode).toBe(404);
  });

  it('frees the quota and the bytes of an upload left for 24 hours', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const location = String((await create(token, job.id, talk.length)).headers.location);
    await patch(token, location, 0, talk.subarray(0, 1000));
    const id = location.split('/').pop() ?? '';
    expect(await readdir(resumableDirOf(t.app.ctx.storage))).toContain(id);
    const sweep = () =>
      sweepLeftovers({
        db: t.app.ctx.db,
        storage: t.app.ctx.storage,
        log: t.app.log,
        now: t.app.ctx.now(),
      });
    await sweep();
    expect(await videoAsset(token, job.id)).toMatchObject({ status: 'uploading' });
    t.advanceClock(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await sweep()).uploads).toBeGreaterThanOrEqual(1);
    } finally {
      t.resetClock();
    }
    expect(await videoAsset(token, job.id)).toMatchObject({ status: 'failed' });
    expect(await readdir(resumableDirOf(t.app.ctx.storage))).not.toContain(id);
    const [edit] = await t.app.ctx.db.select().from(autoJobs).where(eq(autoJobs.id, job.id));
    expect(await storageUsedBytes(t.app.ctx.db, edit?.userId ?? '')).toBe(0);
  });

  it('removes the bytes of an upload whose edit was deleted, after a grace hour', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const location = String((await create(token, job.id, talk.length)).headers.location);
    await patch(token, location, 0, talk.subarray(0, 1000));
    const id = location.split('/').pop() ?? '';
    expect((await caller(t, token)('DELETE', apiPaths.autojobDelete(job.id))).statusCode).toBe(200);
    expect((await patch(token, location, 1000, talk.subarray(1000, 2000))).statusCode).toBe(404);
    const sweep = () =>
      sweepLeftovers({
        db: t.app.ctx.db,
        storage: t.app.ctx.storage,
        log: t.app.log,
        now: t.app.ctx.now(),
      });
    await sweep();
    expect(await readdir(resumableDirOf(t.app.ctx.storage))).toContain(id);
    t.advanceClock(2 * 60 * 60 * 1000);
    try {
      await sweep();
    } finally {
      t.resetClock();
    }
    expect(await readdir(resumableDirOf(t.app.ctx.storage))).not.toContain(id);
  });

  it('keeps an upload whole when two clients race PATCHes on it', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const location = String((await create(token, job.id, talk.length)).headers.location);
    const url = `${baseUrl}${location}`;
    const send = (offset: number, bytes: Buffer) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          cookie: `${SESSION_COOKIE}=${token}`,
          origin: TEST_ORIGIN,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      }).then((r) => r.status);
    const third = Math.floor(talk.length / 3);
    // NOTE: both claim offset 0 with different lengths: one wins, the other is refused or cut.
    // When the whole file wins the lock first, the finished upload has become the edit's video
    // and is no longer a tus resource, so the loser's PATCH finds nothing (404).
    const statuses = await Promise.all([send(0, talk.subarray(0, third)), send(0, talk)]);
    expect(statuses.filter((s) => ![204, 400, 404, 409, 423].includes(s))).toEqual([]);
    for (let tries = 0; tries < 5; tries++) {
      const head = await tusRequest(token, 'HEAD', location);
      if (head.statusCode !== 200) break;
      const offset = Number(head.headers['upload-offset']);
      if (offset >= talk.length) break;
      await send(offset, talk.subarray(offset));
    }
    const done = await videoAsset(token, job.id);
    expect(done?.status).toBe('uploaded');
    const [row] = await t.app.ctx.db
      .select()
      .from(assets)
      .where(eq(assets.id, done?.id ?? ''));
    const stored = await readFile(t.app.ctx.storage.resolve(row?.storageKey ?? ''));
    expect(stored.equals(talk)).toBe(true);
  });

  it('frees the room at once when the client terminates an upload', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    const location = String((await create(token, job.id, talk.length)).headers.location);
    await patch(token, location, 0, talk.subarray(0, 500));
    expect((await tusRequest(token, 'DELETE', location)).statusCode).toBe(204);
    expect(await videoAsset(token, job.id)).toBeUndefined();
    const gone = await tusRequest(token, 'HEAD', location);
    expect(gone.statusCode).toBe(404);
  });
});
