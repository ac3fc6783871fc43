import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, assetListResponseSchema, billingSummarySchema } from '@roughcut/shared';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import {
  caller,
  createJob,
  errOf,
  multipartBody,
  mp4Part,
  signUp,
  upload,
} from '../../test/video-edits.ts';
import { accounts } from '../../db/tables/account.schema.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { sessions } from '../../db/tables/auth.schema.ts';
import { hashToken } from '../auth/codes.ts';

const GB = 1024 ** 3;

describe.each(TEST_DATABASES)('storage quotas on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-quota-media-'));
    talk = await readFile(await talkingVideo(mediaDir));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const userIdOf = async (token: string) => {
    const [row] = await t.app.ctx.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    return row?.userId ?? '';
  };

  /** Rendered results the user already keeps: `bytes` of storage in use (no file needed). */
  async function keepResults(token: string, bytes: number): Promise<void> {
    const job = await createJob(caller(t, token), ['optimised-long-form'], 'Older edit');
    await t.app.ctx.db.insert(assets).values({
      autoJobId: job.id,
      name: 'Older edit.mp4',
      assetType: 'edited_video',
      size: bytes,
      uploadedAmount: bytes,
      status: 'uploaded',
    });
  }

  const usageOf = async (token: string) =>
    billingSummarySchema.parse((await caller(t, token)('GET', apiPaths.billing())).json())
      .storage_used_bytes;
  const assetsOf = async (token: string, jobId: string) =>
    assetListResponseSchema.parse(
      (await caller(t, token)('GET', apiPaths.autojobAssets(jobId))).json(),
    ).assets;

  it('refuses an upload that does not fit before storing it, saying what to do', async () => {
    const token = await signUp(t);
    await keepResults(token, 2 * GB - 1000);
    const job = await createJob(caller(t, token));
    const response = await upload(t, token, job.id, [mp4Part(talk)]);
    expect(response.statusCode).toBe(413);
    expect(errOf(response)).toMatch(
      /^You are using 2 GB of your 2 GB storage, and this [\d.]+ [KM]B video does not fit in the 1000 B that is left\. Delete video edits you no longer need on the Video edits page to free space, or buy the Standard plan for 10GB of storage\.$/,
    );
    expect(await assetsOf(token, job.id)).toEqual([]);
    expect(await usageOf(token)).toBe(2 * GB - 1000);
    expect(await t.app.ctx.storage.list(`jobs/${job.id}`)).toEqual([]);
  });

  it('cuts an upload without a size the moment it outgrows the space left', async () => {
    const token = await signUp(t);
    const room = Math.floor(talk.length / 2);
    await keepResults(token, 2 * GB - room);
    const job = await createJob(caller(t, token));
    const { body, contentType } = multipartBody([mp4Part(talk)]);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.autojobUpload(job.id),
      headers: { origin: TEST_ORIGIN, 'content-type': contentType },
      ...withSession(token),
      // NOTE: a stream without Content-Length: the size is only known as it arrives.
      payload: Readable.from(
        (function* () {
          for (let at = 0; at < body.length; at += 16 * 1024)
            yield body.subarray(at, at + 16 * 1024);
        })(),
      ),
    });
    expect(response.statusCode).toBe(413);
    expect(errOf(response)).toMatch(/this video does not fit in what is left/);
    expect(await assetsOf(token, job.id)).toEqual([]);
    expect(await usageOf(token)).toBe(2 * GB - room);
  });

  it('lets a new video replace the current one when only the swap fits', async () => {
    const token = await signUp(t);
    const job = await createJob(caller(t, token));
    expect((await upload(t, token, job.id, [mp4Part(talk)])).statusCode).toBe(200);
    await keepResults(token, 2 * GB - talk.length - 10);
    const again = await upload(t, token, job.id, [mp4Part(talk, 'take two.mp4')]);
    expect(again.statusCode).toBe(200);
    expect((await assetsOf(token, job.id)).map((a) => a.name)).toEqual(['take two.mp4']);
    expect(await usageOf(token)).toBe(2 * GB - 10);
    const other = await createJob(caller(t, token));
    expect((await upload(t, token, other.id, [mp4Part(talk)])).statusCode).toBe(413);
  });

  it('gives Standard 10GB and tells a full Standard user only what to delete', async () => {
    const token = await signUp(t);
    await t.app.ctx.db
      .update(accounts)
      .set({ subscriptionType: 'standard' })
      .where(eq(accounts.userId, await userIdOf(token)));
    await keepResults(token, 5 * GB);
    const job = await createJob(caller(t, token));
    expect((await upload(t, token, job.id, [mp4Part(talk)])).statusCode).toBe(200);
    await keepResults(token, 5 * GB);
    const full = await upload(t, token, (await createJob(caller(t, token))).id, [mp4Part(talk)]);
    expect(full.statusCode).toBe(413);
    expect(errOf(full)).toMatch(/of your 10 GB storage/);
    expect(errOf(full)).not.toMatch(/Standard plan/);
  });
});
