// The queue jobs of a run of an edit. The edit's services enqueue with these; the handlers (which
// load the engine) live in the pipeline module (analyse.job.ts, render.job.ts, run-gave-up.job.ts),
// run by workers only.
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { Db } from '../../db/client.ts';
import { findRunOwner } from './run-owner.repository.ts';

const runPayload = z.object({ instanceId: z.string().min(1) });

/** Analyses and renders are scheduled fairly: one running per user at a time (job-queue.ts). */
const ownerOfRun = ({ instanceId }: z.output<typeof runPayload>, db: Db) =>
  findRunOwner(db, instanceId);

/** Where the queue moves an analyse or render job whose tries are used up. */
export const runGaveUpJob = defineJob({
  name: 'instance-gave-up',
  // NOTE: pg-boss hands a dead-lettered job over with the payload it had.
  payload: runPayload,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
});

// NOTE: expireInSeconds only bounds a try that hangs while its worker lives; a dead worker is
// noticed by the queue's heartbeat within a minute or so.

/** Analysis of a started run, up to its clips awaiting confirmation. */
export const analyseJob = defineJob({
  name: 'analyse-job',
  payload: runPayload,
  queue: {
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 4 * 60 * 60,
    deadLetter: runGaveUpJob.name,
  },
  ownerOf: ownerOfRun,
});

/** Final processing after Continue: every confirmed clip rendered. */
export const renderJob = defineJob({
  name: 'render-job',
  payload: runPayload,
  queue: {
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 6 * 60 * 60,
    deadLetter: runGaveUpJob.name,
  },
  ownerOf: ownerOfRun,
});
