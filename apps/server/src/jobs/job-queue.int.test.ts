// Fair slots on the real queue (pg-boss on PGlite, and on PostgreSQL when DATABASE_URL is set): a
// queue whose jobs have owners runs JOB_SLOTS jobs at once, never two of one user's, so another
// user's job takes a free slot instead of waiting behind the first user's jobs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from '../mail/mailer.ts';
import { MediaStorage } from '../storage/media-storage.ts';
import { TEST_DATABASES, createScratchDatabase } from '../test/test-app.ts';
import { defineJob } from './job.ts';
import type { JobHandler } from './job.ts';
import { JobQueue } from './job-queue.ts';
import { handBackIfOwnerBusy } from './owner-turn.ts';

const probeJob = defineJob({
  name: 'fair-slots-probe',
  payload: z.object({ user: z.string(), label: z.string() }),
  queue: { retryLimit: 0, expireInSeconds: 120 },
  ownerOf: ({ user }) => Promise.resolve(user),
});

/** A second heavy queue (as render is beside analysis): one user's jobs take turns across both. */
const otherJob = defineJob({ ...probeJob, name: 'fair-slots-other' });

/** Jobs that start, report it, and run until the test releases them. */
function gatedJobs(definition: typeof probeJob = probeJob) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const waiters = new Set<() => void>();
  const handler: JobHandler = {
    ...definition,
    async handle(payload) {
      const { label } = definition.payload.parse(payload);
      const done = new Promise<void>((resolve) => releases.set(label, resolve));
      started.push(label);
      for (const wake of waiters) wake();
      await done;
    },
  };
  const untilStarted = (...labels: string[]) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!labels.every((l) => started.includes(l))) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  const release = (label: string) => {
    const open = releases.get(label);
    if (!open) throw new Error(`${label} is not running`);
    open();
  };
  return { started, handler, untilStarted, release };
}

describe.each(TEST_DATABASES)('fair job slots (%s)', (kind) => {
  let dir: string;
  let database: Database;
  let queue: JobQueue;
  let drop: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-slots-'));
    const scratch =
      kind === 'postgres' && process.env.DATABASE_URL
        ? await createScratchDatabase(process.env.DATABASE_URL)
        : undefined;
    drop = scratch ? () => scratch.drop() : undefined;
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      JOB_SLOTS: '3',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(dir, 'db'),
    });
    const log = pino({ level: 'silent' });
    queue = new JobQueue({
      database,
      config,
      mailer: createMailer({ smtpUrl: undefined, from: 'x', outboxDir: dir, log }),
      storage: new MediaStorage(path.join(dir, 'media')),
      log,
      definitions: [probeJob, otherJob],
    });
    await queue.start();
  });

  afterEach(async () => {
    await queue.stop();
    await database.close();
    await drop?.();
    await rm(dir, { recursive: true, force: true });
  });

  it("gives a free slot to another user's job, never a second one of the same user", async () => {
    const jobs = gatedJobs();
    await queue.work([jobs.handler]);
    await queue.send(probeJob, { user: 'ann', label: 'ann-1' });
    await queue.send(probeJob, { user: 'ann', label: 'ann-2' });
    await queue.send(probeJob, { user: 'bob', label: 'bob-1' });
    // Bob's job starts although two of Ann's were queued before it.
    await jobs.untilStarted('ann-1', 'bob-1');
    // A newer job of a third user takes the last slot: Ann's older second job may not.
    await queue.send(probeJob, { user: 'cat', label: 'cat-1' });
    await jobs.untilStarted('cat-1');
    expect(jobs.started).not.toContain('ann-2');
    jobs.release('ann-1');
    await jobs.untilStarted('ann-2');
    // Ann's second job ran only once her first was done, and it was the last to start.
    expect(jobs.started).toHaveLength(4);
    expect(jobs.started.at(-1)).toBe('ann-2');
    for (const label of ['bob-1', 'cat-1', 'ann-2']) jobs.release(label);
  });

  it('runs one heavy job of a user at a time across queues, with no try lost', async () => {
    const jobs = gatedJobs();
    const others = gatedJobs(otherJob);
    await queue.work([jobs.handler, others.handler]);
    await queue.send(probeJob, { user: 'ann', label: 'ann-analysis' });
    await jobs.untilStarted('ann-analysis');
    const render = await queue.send(otherJob, { user: 'ann', label: 'ann-render' });
    await queue.send(otherJob, { user: 'bob', label: 'bob-render' });
    await others.untilStarted('bob-render');
    // Ann's render waits for her analysis, however often it is fetched and handed back.
    const waited = await queue.boss.getJobById(otherJob.name, render);
    expect(others.started).not.toContain('ann-render');
    expect(waited?.state).toBe('created');
    jobs.release('ann-analysis');
    await others.untilStarted('ann-render');
    const ran = await queue.boss.getJobById(otherJob.name, render);
    expect(ran?.retryCount).toBe(0);
    for (const label of ['ann-render', 'bob-render']) others.release(label);
  });

  it('hands back the later of two jobs of one user claimed at the same instant', async () => {
    const first = await queue.send(probeJob, { user: 'ann', label: 'ann-1' });
    const second = await queue.send(probeJob, { user: 'ann', label: 'ann-2' });
    // As two workers racing on separate connections would: both claimed, no group check.
    const claimed = await queue.boss.fetch(probeJob.name, { batchSize: 2, includeMetadata: true });
    expect(claimed.map((j) => j.id).sort()).toEqual([first, second].sort());
    const byId = new Map(claimed.map((j) => [j.id, j]));
    const [older, newer] = [...claimed].sort(
      (a, b) => a.startedOn.getTime() - b.startedOn.getTime() || (a.id < b.id ? -1 : 1),
    );
    if (!older || !newer) throw new Error('two jobs expected');
    expect(await handBackIfOwnerBusy(queue.boss, probeJob.name, [], older)).toBe(false);
    expect(await handBackIfOwnerBusy(queue.boss, probeJob.name, [], newer)).toBe(true);
    expect(await queue.stateOf(probeJob.name, older.id)).toBe('active');
    const back = await queue.boss.getJobById(probeJob.name, newer.id);
    expect([back?.state, back?.retryCount]).toEqual(['created', byId.get(newer.id)?.retryCount]);
  });
});
