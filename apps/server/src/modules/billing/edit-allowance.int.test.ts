import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TRIAL_EXHAUSTED_MESSAGE,
  accountResponseSchema,
  apiPaths,
  assetListResponseSchema,
} from '@roughcut/shared';
import { jobAssetKey } from '../../storage/storage-keys.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, errOf, signUp } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { accounts } from '../../db/tables/account.schema.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { sessions } from '../../db/tables/auth.schema.ts';
import { hashToken } from '../auth/codes.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';

describe.each(TEST_DATABASES)('trial edits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function userIdOf(token: string): Promise<string> {
    const [row] = await t.app.ctx.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    return row?.userId ?? '';
  }

  async function setAccount(token: string, patch: { downloadCount?: number; plan?: string }) {
    await t.app.ctx.db
      .update(accounts)
      .set({
        ...(patch.downloadCount !== undefined ? { downloadCount: patch.downloadCount } : {}),
        ...(patch.plan !== undefined ? { subscriptionType: patch.plan } : {}),
      })
      .where(eq(accounts.userId, await userIdOf(token)));
  }

  /** A finished run with one rendered video, stored directly (no engine run needed). */
  async function finishedJob(call: Call): Promise<{ jobId: string; videoId: string }> {
    const job = await createJob(call, ['short-form-clips']);
    const [instance] = await t.app.ctx.db
      .insert(jobInstances)
      .values({ autoJobId: job.id, status: 'finished', confirmed: true })
      .returning();
    const videoId = crypto.randomUUID();
    const key = jobAssetKey(job.id, videoId, 'Clip.mp4');
    await t.app.ctx.storage.write(key, Buffer.from('rendered clip '.repeat(50)));
    await t.app.ctx.db.insert(assets).values({
      id: videoId,
      autoJobId: job.id,
      jobInstanceId: instance?.id,
      name: 'Clip.mp4',
      assetType: 'edited_video',
      size: 700,
      uploadedAmount: 700,
      status: 'uploaded',
      storageKey: key,
    });
    await t.app.ctx.db
      .update(autoJobs)
      .set({ latestJobInstanceId: instance?.id })
      .where(eq(autoJobs.id, job.id));
    return { jobId: job.id, videoId };
  }

  const countOf = async (call: Call) =>
    accountResponseSchema.parse((await call('GET', apiPaths.account())).json()).download_count;

  it('counts a run once, whether its result is played or downloaded', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const { jobId, videoId } = await finishedJob(call);
    const listed = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(jobId))).json(),
    );
    expect(listed.assets.map((a) => a.asset_type)).toEqual(['edited_video']);
    expect(await countOf(call)).toBe(0);
    expect((await call('GET', apiPaths.autojobAsset(jobId, videoId))).statusCode).toBe(200);
    expect(await countOf(call)).toBe(1);
    expect((await call('GET', apiPaths.autojobAsset(jobId, videoId))).statusCode).toBe(200);
    expect((await call('GET', apiPaths.autojobDownload(jobId))).statusCode).toBe(200);
    expect(await countOf(call)).toBe(1);
  });

  it('refuses to play or download a new result with no edits left, and counts nothing', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const { jobId, videoId } = await finishedJob(call);
    await setAccount(token, { downloadCount: 10 });
    for (const response of [
      await call('GET', apiPaths.autojobAsset(jobId, videoId)),
      await call('GET', apiPaths.autojobDownload(jobId)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errOf(response)).toBe(TRIAL_EXHAUSTED_MESSAGE);
    }
    expect(await countOf(call)).toBe(10);
    await setAccount(token, { plan: 'standard' });
    expect((await call('GET', apiPaths.autojobDownload(jobId))).statusCode).toBe(200);
    expect(await countOf(call)).toBe(11);
  });

  it('lets only one of two results at once take the last edit', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const first = await finishedJob(call);
    const second = await finishedJob(call);
    await setAccount(token, { downloadCount: 9 });
    const both = await Promise.all([
      call('GET', apiPaths.autojobDownload(first.jobId)),
      call('GET', apiPaths.autojobDownload(second.jobId)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await countOf(call)).toBe(10);
  });

  it('limits a plan it does not know like the trial', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const { jobId } = await finishedJob(call);
    await setAccount(token, { downloadCount: 10, plan: 'gold' });
    const refused = await call('GET', apiPaths.autojobDownload(jobId));
    expect(refused.statusCode).toBe(403);
    expect(errOf(refused)).toBe(TRIAL_EXHAUSTED_MESSAGE);
  });
});
