import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TRIAL_EXHAUSTED_MESSAGE,
  apiPaths,
  assetListResponseSchema,
  assetSchema,
  urlResponseSchema,
} from '@roughcut/shared';
import { jobAssetKey } from '../../storage/storage-keys.ts';
import { accounts } from '../../db/tables/account.schema.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { silentVideo, talkingVideo, truncatedVideo } from '../../test/test-media.ts';
import { caller, createJob, errOf, mp4Part, signUp, upload } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';

const LIMIT = 4 * 1024 * 1024;

describe.each(TEST_DATABASES)('video uploads and asset URLs on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  let token: string;
  let call: Call;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAX_UPLOAD_BYTES: String(LIMIT) } });
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-assets-media-'));
    talk = await readFile(await talkingVideo(mediaDir));
    token = await signUp(t);
    call = caller(t, token);
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const assetsOf = async (jobId: string) =>
    assetListResponseSchema.parse((await call('GET', apiPaths.autojobAssets(jobId))).json()).assets;

  it('streams an upload, keeps progress current, probes it and serves it with Range', async () => {
    const job = await createJob(call);
    const uploading = upload(t, token, job.id, [mp4Part(talk, 'My talk.mp4')], {
      chunkDelayMs: 40,
    });
    let seen: { size: number; uploaded_amount: number } | undefined;
    for (let i = 0; i < 200 && !seen; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [asset] = await assetsOf(job.id);
      if (asset?.status === 'uploading' && asset.uploaded_amount > 0) seen = asset;
    }
    const response = await uploading;
    expect(response.statusCode).toBe(200);
    expect(seen?.size).toBe(talk.length);
    expect(seen?.uploaded_amount).toBeLessThan(talk.length);
    const asset = assetSchema.parse(response.json());
    expect(asset).toMatchObject({
      name: 'My talk.mp4',
      asset_type: 'unedited_video',
      status: 'uploaded',
      size: talk.length,
      uploaded_amount: talk.length,
    });
    expect(await assetsOf(job.id)).toEqual([asset]);

    const { url } = urlResponseSchema.parse(
      (await call('GET', apiPaths.autojobAsset(job.id, asset.id))).json(),
    );
    expect(url).toMatch(/^\/api\/media\//);
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${talk.length}`);
    expect(ranged.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(ranged.rawPayload.equals(talk.subarray(0, 100))).toBe(true);
    t.advanceClock(7 * 60 * 60 * 1000);
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      t.resetClock();
    }
  });

  it('replaces the previous video only once the new one is good', async () => {
    const job = await createJob(call);
    const first = assetSchema.parse((await upload(t, token, job.id, [mp4Part(talk)])).json());
    const bad = await upload(t, token, job.id, [
      mp4Part(await readFile(await silentVideo(mediaDir))),
    ]);
    expect(bad.statusCode).toBe(400);
    const afterBad = await assetsOf(job.id);
    expect(afterBad.map((a) => [a.id, a.status])).toEqual([
      [first.id, 'uploaded'],
      [expect.any(String), 'failed'],
    ]);
    const second = assetSchema.parse(
      (await upload(t, token, job.id, [mp4Part(talk, 'again.mp4')])).json(),
    );
    expect(await assetsOf(job.id)).toEqual([second]);
    expect(await t.app.ctx.storage.list(`jobs/${job.id}`)).toHaveLength(1);
    expect((await call('GET', apiPaths.autojobAsset(job.id, first.id))).statusCode).toBe(404);
  });

  it('marks an mp4 without sound failed with the reason', async () => {
    const job = await createJob(call);
    const response = await upload(t, token, job.id, [
      mp4Part(await readFile(await silentVideo(mediaDir))),
    ]);
    expect(response.statusCode).toBe(400);
    expect(errOf(response)).toMatch(/no sound track/);
    const [asset] = await assetsOf(job.id);
    expect(asset).toMatchObject({ status: 'failed', failure_reason: errOf(response) });
    const start = await call('POST', apiPaths.autojobStart(job.id));
    expect(start.statusCode).toBe(400);
    expect(errOf(start)).toMatch(/no sound track.*Please upload another \.mp4 file\./);
  });

  it('refuses a truncated mp4 with the reason', async () => {
    const job = await createJob(call);
    const response = await upload(t, token, job.id, [
      mp4Part(await readFile(await truncatedVideo(mediaDir))),
    ]);
    expect(response.statusCode).toBe(400);
    expect(errOf(response)).toMatch(/incomplete|damaged/);
  });

  it('refuses files that are not mp4 videos, two files, and files over the limit', async () => {
    const job = await createJob(call);
    const text = await upload(t, token, job.id, [
      { fileName: 'notes.txt', contentType: 'text/plain', body: Buffer.from('hello there') },
    ]);
    expect(text.statusCode).toBe(415);
    expect(errOf(text)).toBe('Only .mp4 files can be edited. Please upload an .mp4 video.');
    const fake = await upload(t, token, job.id, [mp4Part(Buffer.from('not really a video file'))]);
    expect(fake.statusCode).toBe(415);
    const small = talk.subarray(0, 200_000);
    const two = await upload(t, token, job.id, [mp4Part(small, 'a.mp4'), mp4Part(small, 'b.mp4')]);
    expect(two.statusCode).toBe(400);
    expect(errOf(two)).toBe('Please only upload one file');
    const big = Buffer.concat([talk.subarray(0, 64), Buffer.alloc(LIMIT + 1024)]);
    const tooBig = await upload(t, token, job.id, [mp4Part(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(errOf(tooBig)).toBe(
      'Your video is larger than the 4MB upload limit. Please upload a smaller video.',
    );
    const none = await t.app.inject({
      method: 'POST',
      url: apiPaths.autojobUpload(job.id),
      headers: { 'content-type': 'application/json' },
      cookies: { roughcut_session: token },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(await assetsOf(job.id)).toEqual([]);
    expect(await t.app.ctx.storage.list(`jobs/${job.id}`)).toEqual([]);
  });

  it('has nothing to download before the edit finished', async () => {
    const job = await createJob(call);
    const response = await call('GET', apiPaths.autojobDownload(job.id));
    expect(response.statusCode).toBe(409);
    expect(errOf(response)).toMatch(/not finished/);
  });
});

describe.each(TEST_DATABASES)('downloads and the trial on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A finished instance with rendered videos, stored directly (no engine run needed). */
  async function finishedJob(
    call: Call,
    files: string[],
  ): Promise<{ jobId: string; name: string }> {
    const job = await createJob(call, ['short-form-clips'], 'Talk: part 1');
    const [instance] = await t.app.ctx.db
      .insert(jobInstances)
      .values({ autoJobId: job.id, status: 'finished', confirmed: true })
      .returning();
    for (const [i, file] of files.entries()) {
      const id = crypto.randomUUID();
      const key = jobAssetKey(job.id, id, file);
      await t.app.ctx.storage.write(key, Buffer.from(`video ${i} `.repeat(100)));
      await t.app.ctx.db.insert(assets).values({
        id,
        autoJobId: job.id,
        jobInstanceId: instance?.id,
        name: file,
        assetType: 'edited_video',
        size: 900,
        uploadedAmount: 900,
        status: 'uploaded',
        storageKey: key,
      });
    }
    await t.app.ctx.db
      .update(autoJobs)
      .set({ latestJobInstanceId: instance?.id })
      .where(eq(autoJobs.id, job.id));
    return { jobId: job.id, name: job.name };
  }

  async function downloadCount(call: Call): Promise<number> {
    return (await call('GET', apiPaths.account())).json<{ download_count: number }>()
      .download_count;
  }

  it('serves one zip named after the edit, counting the edit once', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const { jobId } = await finishedJob(call, ['Talk - One.mp4', 'Talk - Two.mp4']);
    const first = await call('GET', apiPaths.autojobDownload(jobId));
    expect(first.statusCode).toBe(200);
    const { url } = urlResponseSchema.parse(first.json());
    const zip = await t.app.inject({ method: 'GET', url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="Talk_ part 1\.zip"|^attachment;.*Talk.*part 1\.zip/,
    );
    expect(zip.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.rawPayload.includes(Buffer.from('Talk - Two.mp4'))).toBe(true);
    expect(await downloadCount(call)).toBe(1);
    await call('GET', apiPaths.autojobDownload(jobId));
    expect(await downloadCount(call)).toBe(1);
  });

  it('serves a single video as an attachment and refuses an exhausted trial', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const { jobId } = await finishedJob(call, ['Only.mp4']);
    const me = (await call('GET', apiPaths.user())).json<{ email: string }>();
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, me.email));
    await t.app.ctx.db
      .update(accounts)
      .set({ downloadCount: 10 })
      .where(eq(accounts.userId, user?.id ?? ''));
    const refused = await call('GET', apiPaths.autojobDownload(jobId));
    expect(refused.statusCode).toBe(403);
    expect(errOf(refused)).toBe(TRIAL_EXHAUSTED_MESSAGE);
    await t.app.ctx.db
      .update(accounts)
      .set({ downloadCount: 9 })
      .where(eq(accounts.userId, user?.id ?? ''));
    const ok = await call('GET', apiPaths.autojobDownload(jobId));
    expect(ok.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: urlResponseSchema.parse(ok.json()).url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Only\.mp4"/);
    expect(await downloadCount(call)).toBe(10);
    // Already counted: downloading the same finished edit again stays allowed.
    expect((await call('GET', apiPaths.autojobDownload(jobId))).statusCode).toBe(200);
  });
});
