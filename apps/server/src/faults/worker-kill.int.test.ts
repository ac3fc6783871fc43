// Faults on PostgreSQL with separate worker processes: a worker killed with SIGKILL during
// analysis and during render. Its ffmpeg and recognisers die with it, a new worker takes the job
// over within a bounded time (printed), analysis resumes from the chunks already transcribed, and
// no clip, output or download is lost or duplicated.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, autoJobSchema, clipListResponseSchema } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { makeLongTalkingVideo } from '@roughcut/engine/testing';
import { startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../test/video-edits.ts';
import type { Call } from '../test/video-edits.ts';
import { findRun } from '../modules/edit/edit.repository.ts';
import { editedAssetsOfRun, listAssetsOfEdit } from '../modules/assets/assets.repository.ts';
import { listClipsOfRun } from '../modules/edit/clips.repository.ts';
import { transcriptChunksPrefix } from '../modules/pipeline/transcript-chunks.storage.ts';
import { parseOwner } from '../process/process-owner.ts';
import { childrenOf, isRunning, pollUntil, startWorker } from '../test/fault-processes.ts';
import type { Proc } from '../test/fault-processes.ts';

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.warn('[faults] worker-kill tests skipped: they need PostgreSQL (set DATABASE_URL).');
}

// NOTE: short queue timings so a dead worker is noticed in seconds, not the production minute.
const QUEUE_ENV = {
  JOB_HEARTBEAT_SECONDS: '10',
  JOB_SUPERVISE_SECONDS: '2',
  JOB_RETRY_DELAY_SECONDS: '1',
};
/** The bound the pick-up must stay under: heartbeat + supervise + backoff + polling, with slack. */
const PICKUP_BOUND_MS = 45_000;

describe.skipIf(!DATABASE_URL)('a worker killed with SIGKILL (PostgreSQL)', () => {
  let t: TestApp;
  let mediaDir: string;
  let video: Buffer;
  let workerEnv: Record<string, string>;
  const workers: Proc[] = [];
  let call: Call;
  let job: AutoJob;
  let instanceId = '';

  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { EMBEDDED_WORKER: 'false', ...QUEUE_ENV } });
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-faults-'));
    // NOTE: two minutes of speech: two transcription chunks, heard one after the other.
    const made = await makeLongTalkingVideo({
      dir: mediaDir,
      minutes: 2,
      width: 640,
      height: 360,
      fps: 25,
    });
    video = await readFile(made.path);
    workerEnv = {
      ...QUEUE_ENV,
      DATABASE_URL: t.app.ctx.config.databaseUrl ?? '',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'info',
      POCKETSPHINX_JOBS: '1',
    };
    workers.push(await startWorker(workerEnv));
    const token = await signUp(t);
    call = caller(t, token);
    job = await createJob(call, ['optimised-long-form', 'short-form-clips'], 'Faults');
    expect((await upload(t, token, job.id, [mp4Part(video)])).statusCode).toBe(200);
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const jobNow = async (): Promise<AutoJob> =>
    autoJobSchema.parse((await call('GET', apiPaths.autojob(job.id))).json());

  /**
   * Kills the worker as soon as it runs a child matching `expectChild` (a recogniser between two
   * chunks runs none for a moment), checks its children die, and returns when the kill happened.
   */
  async function killWorker(worker: Proc, expectChild: RegExp): Promise<number> {
    const children = await pollUntil(
      `a ${String(expectChild)} child of the worker`,
      async () => {
        const found = await childrenOf(worker.pid);
        return found.some((c) => expectChild.test(c.comm)) ? found : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 20 },
    );
    const killedAt = Date.now();
    await worker.kill9();
    await pollUntil(
      'the killed worker’s children to die',
      async () => {
        const alive = await Promise.all(children.map((c) => isRunning(c.pid)));
        return alive.some(Boolean) ? undefined : true;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    return killedAt;
  }

  /** Waits until the queue job runs again in a later try; returns how long after `since`. */
  async function pickedUpAfter(since: number, queueName: string, retriedFrom: number) {
    const instance = await findRun(t.app.ctx.db, instanceId);
    const queueJobId = instance?.queueJobId ?? '';
    await pollUntil(
      `the ${queueName} job to be taken by a new worker`,
      async () => {
        const entry = await t.app.ctx.queue.boss.getJobById(queueName, queueJobId);
        return entry?.state === 'active' && entry.retryCount > retriedFrom ? true : undefined;
      },
      { timeoutMs: PICKUP_BOUND_MS + 30_000, intervalMs: 250 },
    );
    return Date.now() - since;
  }

  it('during analysis: the children die, a new worker resumes and finishes', async () => {
    const first = workers[0];
    if (!first) throw new Error('no worker');
    const started = autoJobSchema.parse((await call('POST', apiPaths.autojobStart(job.id))).json());
    instanceId = started.job_instance?.id ?? '';
    // Killed once the first chunk's words are stored, while the recogniser hears the second.
    const chunks = transcriptChunksPrefix(job.id, instanceId);
    await pollUntil(
      'a transcribed chunk and a running recogniser',
      async () => {
        const stored = await t.app.ctx.storage.list(chunks);
        const kids = await childrenOf(first.pid);
        return stored.length >= 1 && kids.some((k) => /pocketsphinx/.test(k.comm))
          ? true
          : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 200 },
    );
    const killedAt = await killWorker(first, /pocketsphinx/);
    expect((await jobNow()).status).toBe('processing');

    const second = await startWorker(workerEnv);
    workers.push(second);
    // The new worker removed the dead one's temp folder on start.
    const leftovers = (await readdir(os.tmpdir())).filter(
      (n) => n.startsWith('roughcut-proc_') && n.includes(`_${first.pid}_`),
    );
    expect(leftovers).toEqual([]);
    const pickup = await pickedUpAfter(killedAt, 'analyse-job', 0);
    console.log(
      `[faults] analysis: a new worker took the job ${(pickup / 1000).toFixed(1)} s after kill -9`,
    );
    expect(pickup).toBeLessThan(PICKUP_BOUND_MS);

    const waiting = await pollUntil(
      'the analysis to finish',
      async () => {
        const now = await jobNow();
        return now.status === 'processing' || now.status === 'pending' ? undefined : now;
      },
      { timeoutMs: 300_000, intervalMs: 500 },
    );
    expect(waiting.job_instance?.failure_reason ?? null).toBeNull();
    expect(waiting.status).toBe('awaiting-confirmation');
    expect(second.output()).toMatch(/reused the transcription of an earlier try/);
    // One set of clips (a retry replaces, never adds), and the chunk store is gone.
    const clips = await listClipsOfRun(t.app.ctx.db, instanceId);
    const windows = clips.map((c) => `${c.isLongForm}:${c.startS}-${c.endS}`);
    expect(new Set(windows).size).toBe(clips.length);
    expect(clips.filter((c) => c.isLongForm)).toHaveLength(1);
    expect(await t.app.ctx.storage.list(chunks)).toEqual([]);
  });

  it('during render: finished clips are kept, the rest made once, the download whole', async () => {
    const second = workers[1];
    if (!second) throw new Error('no second worker');
    const listed = clipListResponseSchema.parse(
      (await call('GET', apiPaths.instanceClips(job.id, instanceId))).json(),
    );
    // The long form (a quick smart cut) and one short clip (a slow portrait encode).
    const chosen = [listed.find((c) => c.is_long_form), listed.find((c) => !c.is_long_form)];
    for (const clip of chosen) {
      if (!clip) throw new Error('the analysis made no long form or no short clip');
      const confirm = await call('POST', apiPaths.clipConfirm(job.id, instanceId, clip.id), {
        cut: 'default',
        subtitle: 'default',
      });
      expect(confirm.statusCode).toBe(200);
    }
    expect((await call('POST', apiPaths.instanceConfirm(job.id, instanceId))).statusCode).toBe(200);

    // Killed once one clip is stored, while ffmpeg makes another.
    const firstDone = await pollUntil(
      'one rendered clip and a running ffmpeg',
      async () => {
        const done = (await editedAssetsOfRun(t.app.ctx.db, instanceId)).filter(
          (a) => a.status === 'uploaded',
        );
        const kids = await childrenOf(second.pid);
        return done.length === 1 && kids.some((k) => k.comm === 'ffmpeg') ? done : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 100 },
    );
    const killedAt = await killWorker(second, /ffmpeg/);
    const third = await startWorker(workerEnv);
    workers.push(third);
    const pickup = await pickedUpAfter(killedAt, 'render-job', 0);
    console.log(
      `[faults] render: a new worker took the job ${(pickup / 1000).toFixed(1)} s after kill -9`,
    );
    expect(pickup).toBeLessThan(PICKUP_BOUND_MS);

    const finished = await pollUntil(
      'the render to finish',
      async () => {
        const now = await jobNow();
        return now.status === 'finished' || now.status === 'failed' ? now : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500 },
    );
    expect(finished.status).toBe('finished');
    expect(finished.job_instance?.failure_reason ?? null).toBeNull();
    const results = await editedAssetsOfRun(t.app.ctx.db, instanceId);
    expect(results.map((a) => a.status)).toEqual(['uploaded', 'uploaded']);
    // The clip made before the kill is the same asset, not made again.
    expect(results.map((a) => a.id)).toContain(firstDone[0]?.id);
    // Stored files: the source, each result (with its subtitle script), the waveform; no
    // half-made output and nothing left in the temp folder by the killed worker.
    const source = (await listAssetsOfEdit(t.app.ctx.db, job.id)).find(
      (a) => a.assetType === 'unedited_video',
    );
    const files = await t.app.ctx.storage.list(`jobs/${job.id}`);
    const expected = [source, ...results].map((a) => a?.storageKey ?? '');
    expect(files.filter((f) => f.endsWith('.mp4')).sort()).toEqual(expected.sort());
    const temp = await readdir(t.app.ctx.storage.tempDir).catch(() => []);
    expect(temp.filter((n) => n.includes(`_${second.pid}_`))).toEqual([]);
    // Nor anything untagged (the render's scratch folder is named after its tagged output).
    expect(temp.filter((n) => parseOwner(n) === undefined)).toEqual([]);

    const download = await call('GET', apiPaths.autojobDownload(job.id));
    expect(download.statusCode).toBe(200);
    const zip = await t.app.inject({
      method: 'GET',
      url: download.json<{ url: string }>().url,
    });
    expect(zip.statusCode).toBe(200);
    const zipPath = path.join(mediaDir, 'result.zip');
    await writeFile(zipPath, zip.rawPayload);
    const { stdout } = await run('unzip', ['-Z1', zipPath]);
    expect(stdout.trim().split('\n')).toHaveLength(2);
  });
});
