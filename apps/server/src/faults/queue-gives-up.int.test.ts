// When the queue gives up on a job (its tries are used up: here the only try died with its
// worker), the instance does not stay processing for ever: it is failed with a reason.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, autoJobSchema } from '@roughcut/shared';
import { startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { talkingVideo } from '../test/test-media.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../test/video-edits.ts';
import { GAVE_UP_REASON } from '../modules/edit/failure-reasons.ts';
import { childrenOf, pollUntil, startWorker } from '../test/fault-processes.ts';
import type { Proc } from '../test/fault-processes.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.warn('[faults] queue-gives-up test skipped: it needs PostgreSQL (set DATABASE_URL).');
}

const QUEUE_ENV = {
  JOB_HEARTBEAT_SECONDS: '10',
  JOB_SUPERVISE_SECONDS: '2',
  JOB_RETRY_DELAY_SECONDS: '1',
  // NOTE: no retries, so the first dead try is the last.
  JOB_RETRY_LIMIT: '0',
};

describe.skipIf(!DATABASE_URL)('the queue giving up (PostgreSQL)', () => {
  let t: TestApp;
  let mediaDir: string;
  const workers: Proc[] = [];

  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { EMBEDDED_WORKER: 'false', ...QUEUE_ENV } });
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-gives-up-'));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('fails the instance with a reason once its last try died', async () => {
    const env = {
      ...QUEUE_ENV,
      DATABASE_URL: t.app.ctx.config.databaseUrl ?? '',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'info',
    };
    const first = await startWorker(env);
    workers.push(first);
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call, ['optimised-long-form']);
    const talk = await readFile(await talkingVideo(mediaDir));
    expect((await upload(t, token, job.id, [mp4Part(talk)])).statusCode).toBe(200);
    expect((await call('POST', apiPaths.autojobStart(job.id))).statusCode).toBe(200);
    // Killed as soon as the analysis runs a tool.
    await pollUntil(
      'the analysis to start a tool',
      async () => ((await childrenOf(first.pid)).length > 0 ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    await first.kill9();
    workers.push(await startWorker(env));
    const failed = await pollUntil(
      'the instance to be failed',
      async () => {
        const now = autoJobSchema.parse((await call('GET', apiPaths.autojob(job.id))).json());
        return now.status === 'processing' || now.status === 'pending' ? undefined : now;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(failed.status).toBe('failed');
    expect(failed.job_instance?.failure_reason).toBe(GAVE_UP_REASON);
    // Start works again at once: nothing is left holding the edit.
    expect((await call('POST', apiPaths.autojobStart(job.id))).statusCode).toBe(200);
    expect((await call('POST', apiPaths.autojobCancel(job.id))).statusCode).toBe(200);
  });
});
