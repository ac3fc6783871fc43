// What crashed processes leave behind, cleared at every start-up and every few minutes: temp files
// of partial uploads and renders, uploads that will never finish, and runs whose queue job is
// gone (so the page would wait for ever).
import type { FastifyBaseLogger } from 'fastify';
import type { QueueLookup } from '../../jobs/job.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { isOwnerGone, parseOwner } from '../../process/process-owner.ts';
import type { DbOrTx } from '../../db/client.ts';
import { runPort } from '../edit/index.ts';
import type { LostRunCause } from '../edit/index.ts';
import {
  EXPIRED_UPLOAD_REASON,
  expiredResumableUploads,
  failUpload,
  findResumableUpload,
  INTERRUPTED_UPLOAD_REASON,
  uploadsInFlight,
} from '../assets/index.ts';
import { listResumableFiles, removeResumableFiles } from '../../storage/resumable-store.ts';

/** An upload that wrote nothing for this long is dead, whichever machine received it. */
export const STALE_UPLOAD_MS = 10 * 60 * 1000;
/** Bytes of a resumable upload with no asset are kept this long (its creation may be under way). */
export const ORPHAN_UPLOAD_GRACE_MS = 60 * 60 * 1000;
/** A fresh run's queue job is noted just after it is queued: leave it that long first. */
export const LOST_JOB_GRACE_MS = 2 * 60 * 1000;

export type SweepDeps = {
  db: DbOrTx;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Without it (a web-only start-up) the runs are left to the scheduled sweep. */
  queue?: QueueLookup;
  now?: Date;
};

export type SweepReport = { tempFiles: number; uploads: number; instances: number };

/** Uploads whose receiving process is gone (same machine) or that went quiet: marked failed. */
export async function clearStaleUploads(db: DbOrTx, now: Date): Promise<number> {
  let cleared = 0;
  for (const upload of await uploadsInFlight(db)) {
    // NOTE: a resumable upload waits for its client however long it is quiet, until it expires.
    if (upload.tusId !== null) continue;
    const owner = upload.uploadOwner === null ? undefined : parseOwner(upload.uploadOwner);
    const dead = owner !== undefined && isOwnerGone(owner) === true;
    const quiet = now.getTime() - upload.updatedAt.getTime() > STALE_UPLOAD_MS;
    if ((dead || quiet) && (await failUpload(db, upload.id, INTERRUPTED_UPLOAD_REASON))) {
      cleared += 1;
    }
  }
  return cleared;
}

/**
 * Resumable uploads left unfinished past their expiry (24 hours): failed, which frees the storage
 * they reserved, and their bytes removed.
 */
export async function expireResumableUploads(
  db: DbOrTx,
  storage: MediaStorage,
  now: Date,
): Promise<number> {
  let expired = 0;
  for (const upload of await expiredResumableUploads(db, now)) {
    if (await failUpload(db, upload.id, EXPIRED_UPLOAD_REASON)) expired += 1;
    if (upload.tusId) await removeResumableFiles(storage, upload.tusId);
  }
  // NOTE: bytes whose upload is gone (its edit deleted, or replaced while a client still sent).
  for (const file of await listResumableFiles(storage)) {
    if (now.getTime() - file.mtimeMs < ORPHAN_UPLOAD_GRACE_MS) continue;
    if (!(await findResumableUpload(db, file.id))) await removeResumableFiles(storage, file.id);
  }
  return expired;
}

/** Runs left queued or processing while the queue holds no live job for them: failed. */
export async function failLostRuns(db: DbOrTx, queue: QueueLookup, now: Date): Promise<number> {
  let failed = 0;
  const before = new Date(now.getTime() - LOST_JOB_GRACE_MS);
  for (const instance of await runPort.runsHeldByWorkers(db, before)) {
    let cause: LostRunCause | undefined;
    if (!instance.queueJobName || !instance.queueJobId) cause = 'never-queued';
    else {
      const state = await queue.stateOf(instance.queueJobName, instance.queueJobId);
      if (state !== 'created' && state !== 'retry' && state !== 'active') cause = 'queue-gave-up';
    }
    if (cause === undefined) continue;
    if (await runPort.failLostRun(db, instance, cause, now)) failed += 1;
  }
  return failed;
}

export async function sweepLeftovers(deps: SweepDeps): Promise<SweepReport> {
  const now = deps.now ?? new Date();
  const report: SweepReport = {
    tempFiles: await deps.storage.sweepTemp(undefined, now.getTime()),
    uploads:
      (await clearStaleUploads(deps.db, now)) +
      (await expireResumableUploads(deps.db, deps.storage, now)),
    instances: deps.queue ? await failLostRuns(deps.db, deps.queue, now) : 0,
  };
  if (report.tempFiles + report.uploads + report.instances > 0) {
    deps.log.info(report, 'cleared what stopped processes left behind');
  }
  return report;
}
