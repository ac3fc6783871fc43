// The lifecycle on a real database: compare-and-set transitions, the stage runner's claim, retry
// and failure decisions, and the sweeps that clear what stopped processes left behind.
import { eq } from 'drizzle-orm';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '@roughcut/engine';
import { apiPaths, assetListResponseSchema } from '@roughcut/shared';
import type { JobContext } from '../../jobs/job.ts';
import { createMailer } from '../../mail/mailer.ts';
import { formatOwner } from '../../process/process-owner.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../../test/video-edits.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { storageUsedBytes } from '../assets/storage-use.repository.ts';
import { findRun, insertRun, updateEdit } from '../edit/edit.repository.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';
import { INTERRUPTED_UPLOAD_REASON } from '../assets/upload-failure-reasons.ts';
import { GAVE_UP_REASON } from '../edit/failure-reasons.ts';
import { runGaveUpHandler } from './run-gave-up.job.ts';
import { STALE_UPLOAD_MS, clearStaleUploads, failLostRuns } from './leftovers.service.ts';
import { transitionRunRow } from '../edit/lifecycle.repository.ts';
import { runStage } from './stage-runner.ts';
import { JobStateError } from '../../errors/job-state-error.ts';
import { TOOL_FAILURE_REASON } from './failure-reason.rules.ts';

describe.each(TEST_DATABASES)('the job lifecycle on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let talk: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-lifecycle-'));
    talk = await readFile(await talkingVideo(mediaDir));
  });
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  /** A job with an uploaded video and a new instance in its initial (pending) state. */
  async function pendingInstance() {
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call, ['optimised-long-form']);
    const up = await upload(t, token, job.id, [mp4Part(talk)]);
    const instance = await insertRun(t.app.ctx.db, {
      autoJobId: job.id,
      status: 'pending',
      confirmed: false,
      videoAssetId: up.json<{ id: string }>().id,
      videoProbe: null,
      now: new Date(),
    });
    await updateEdit(t.app.ctx.db, job.id, { latestJobInstanceId: instance.id }, new Date());
    return { token, call, job, instance };
  }

  const context = (attempt?: JobContext['attempt']): JobContext => ({
    db: t.app.ctx.db,
    config: t.app.ctx.config,
    mailer: createMailer({
      smtpUrl: undefined,
      from: 'x@y.z',
      outboxDir: t.dataDir,
      log: t.app.log,
    }),
    log: t.app.log,
    jobId: 'test-job',
    storage: t.app.ctx.storage,
    signal: new AbortController().signal,
    ...(attempt ? { attempt } : {}),
  });

  it('writes a transition only from the state it was read in', async () => {
    const { instance } = await pendingInstance();
    const db = t.app.ctx.db;
    const now = new Date();
    const began = await transitionRunRow(db, instance, { type: 'begin-processing' }, now);
    expect(began).toMatchObject({ status: 'processing', confirmed: false });
    // A second writer that read the same pending row (a repeated queue message) loses.
    expect(await transitionRunRow(db, instance, { type: 'begin-processing' }, now)).toBe(undefined);
    // A user's Cancel and the worker's result race: whichever comes second changes nothing.
    const cancelled = await transitionRunRow(db, began ?? instance, { type: 'cancel' }, now);
    expect(cancelled?.status).toBe('cancelled');
    expect(await transitionRunRow(db, began ?? instance, { type: 'await-confirmation' }, now)).toBe(
      undefined,
    );
    expect((await findRun(db, instance.id))?.status).toBe('cancelled');
    // Moves the table does not have are refused before anything is written.
    await expect(
      transitionRunRow(db, cancelled ?? instance, { type: 'finish' }, now),
    ).rejects.toBeInstanceOf(JobStateError);
  });

  it('claims a queued instance, resumes one left processing, and leaves others alone', async () => {
    const { instance } = await pendingInstance();
    const seen: { resumed: boolean; status: string }[] = [];
    const work = async (run: { resumed: boolean; instance: { status: string } }) => {
      seen.push({ resumed: run.resumed, status: run.instance.status });
      await Promise.resolve();
      throw new EngineError('ffmpeg_failed', 'ffmpeg was killed by SIGKILL');
    };
    // First try: a crash-like failure with tries left goes back to the queue; nothing is failed.
    await expect(
      runStage('analyse', instance.id, context({ retryCount: 0, retryLimit: 2 }), work),
    ).rejects.toThrow('SIGKILL');
    expect(await findRun(t.app.ctx.db, instance.id)).toMatchObject({
      status: 'processing',
      failureReason: null,
    });
    // The last try resumes the processing instance, and its failure is the user's reason.
    await runStage('analyse', instance.id, context({ retryCount: 2, retryLimit: 2 }), work);
    expect(seen).toEqual([
      { resumed: false, status: 'processing' },
      { resumed: true, status: 'processing' },
    ]);
    expect(await findRun(t.app.ctx.db, instance.id)).toMatchObject({
      status: 'failed',
      // NOTE: a tool's own words never reach the user (issue 32): the plain reason stands in.
      failureReason: TOOL_FAILURE_REASON,
    });
    // A failed instance is nobody's to run: the render stage does not touch it either.
    await runStage('render', instance.id, context(), work);
    await runStage('analyse', instance.id, context(), work);
    expect(seen).toHaveLength(2);
  });

  it('fails at once on an error another try would meet again', async () => {
    const { instance } = await pendingInstance();
    await runStage('analyse', instance.id, context({ retryCount: 0, retryLimit: 2 }), async () => {
      await Promise.resolve();
      throw new EngineError('language_unavailable', 'No speech model for "su" is installed.');
    });
    expect(await findRun(t.app.ctx.db, instance.id)).toMatchObject({
      status: 'failed',
      failureReason: 'No speech model for "su" is installed.',
    });
  });

  it('stops without failing when the user cancels mid-stage', async () => {
    const { call, job, instance } = await pendingInstance();
    await runStage('analyse', instance.id, context(), async (run) => {
      expect((await call('POST', apiPaths.autojobCancel(job.id))).statusCode).toBe(200);
      await new Promise<void>((resolve) => {
        if (run.signal.aborted) resolve();
        run.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      throw run.signal.reason;
    });
    expect(await findRun(t.app.ctx.db, instance.id)).toMatchObject({
      status: 'cancelled',
      failureReason: null,
    });
  });

  it('fails an instance the queue gave up on, and one whose queue job is gone', async () => {
    const db = t.app.ctx.db;
    const first = await pendingInstance();
    await transitionRunRow(db, first.instance, { type: 'begin-processing' }, new Date());
    await runGaveUpHandler.handle({ instanceId: first.instance.id }, context());
    expect(await findRun(db, first.instance.id)).toMatchObject({
      status: 'failed',
      failureReason: GAVE_UP_REASON,
    });

    const second = await pendingInstance();
    const queueJobId = await t.app.ctx.queue.send(runGaveUpHandler, {
      instanceId: 'nothing-here',
    });
    await t.app.ctx.queue.cancel(runGaveUpHandler.name, queueJobId);
    await db
      .update(jobInstances)
      .set({ queueJobName: runGaveUpHandler.name, queueJobId })
      .where(eq(jobInstances.id, second.instance.id));
    // Within the grace period a fresh instance is left alone; after it, it is failed.
    expect(await failLostRuns(db, t.app.ctx.queue, new Date())).toBe(0);
    const later = new Date(Date.now() + 10 * 60 * 1000);
    expect(await failLostRuns(db, t.app.ctx.queue, later)).toBeGreaterThanOrEqual(1);
    expect(await findRun(db, second.instance.id)).toMatchObject({
      status: 'failed',
      failureReason: GAVE_UP_REASON,
    });
  });

  it('clears uploads whose server died, and quiet ones, so they no longer count', async () => {
    const db = t.app.ctx.db;
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call);
    const [row] = await db.select().from(autoJobs).where(eq(autoJobs.id, job.id));
    const userId = row?.userId ?? '';
    const deadOwner = formatOwner().replace(/_[0-9a-f]{8}$/, '_00000000');
    const insert = (id: string, uploadOwner: string, updatedAt: Date) =>
      db.insert(assets).values({
        id,
        autoJobId: job.id,
        name: 'talk.mp4',
        assetType: 'unedited_video',
        size: 500_000_000,
        uploadedAmount: 1000,
        status: 'uploading',
        storageKey: `jobs/${job.id}/${id}/talk.mp4`,
        uploadOwner,
        updatedAt,
      });
    const dead = crypto.randomUUID();
    const live = crypto.randomUUID();
    await insert(dead, deadOwner, new Date());
    await insert(live, formatOwner(), new Date());
    expect(await storageUsedBytes(db, userId)).toBe(1_000_000_000);

    expect(await clearStaleUploads(db, new Date())).toBe(1);
    const listed = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(job.id))).json(),
    ).assets;
    expect(listed.find((a) => a.id === dead)).toMatchObject({
      status: 'failed',
      failure_reason: INTERRUPTED_UPLOAD_REASON,
    });
    expect(listed.find((a) => a.id === live)?.status).toBe('uploading');
    expect(await storageUsedBytes(db, userId)).toBe(500_000_000);
    // Another machine's (or a live) upload that wrote nothing for long is dead too.
    expect(await clearStaleUploads(db, new Date(Date.now() + STALE_UPLOAD_MS + 1000))).toBe(1);
    expect(await storageUsedBytes(db, userId)).toBe(0);
    // The user can upload again, and the new video replaces the interrupted ones.
    expect((await upload(t, token, job.id, [mp4Part(talk)])).statusCode).toBe(200);
    const after = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(job.id))).json(),
    ).assets;
    expect(after.map((a) => a.status)).toEqual(['uploaded']);
  });
});
