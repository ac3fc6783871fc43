// The one skeleton of a run's worker stage (analysis, render): claim the run through
// the lifecycle, watch it for Cancel, report progress, and on failure either hand the job back to
// the queue for a retry or fail the run with a reason the user can read.
import type { FastifyBaseLogger } from 'fastify';
import type { InstanceEvent, InstanceStage, WorkItem } from '@roughcut/shared';
import type { JobAttempt, JobContext } from '../../jobs/job.ts';
import { isLastAttempt } from '../../jobs/job.ts';
import { isRetryable } from '../../jobs/job-runner.ts';
import { runPort } from '../edit/index.ts';
import type { EditRow, RunExtras, RunRow } from '../edit/index.ts';
import { readWorkSpeeds, recordWorkSpeeds } from './work-speeds.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { dispatchDeliveries } from '../webhooks/index.ts';
import { createRunProgressTracker } from './run-progress.ts';
import type { WorkAt } from './run-progress.ts';
import { RunStoppedError, throttledProgress, watchRun } from './run-watch.ts';
import { toFailureReason } from './failure-reason.rules.ts';

/**
 * How often a stage's stage and time left are written again while its work reports nothing (a
 * probe, the face search): the estimate follows the time spent.
 */
const PROGRESS_REFRESH_MS = 5000;

export type StageRun = {
  job: EditRow;
  /** The run as claimed (status processing). */
  instance: RunRow;
  /** Aborts on Cancel or Delete (within about a second) and when the queue takes the job back. */
  signal: AbortSignal;
  /** Issue 33: the pieces of work this stage goes through, for its stage names and time left. */
  plan(items: readonly WorkItem[]): void;
  /** `at`: the piece of the plan reporting, and its own fraction done. */
  progress(fraction: number, at?: WorkAt): void;
  log: FastifyBaseLogger;
  attempt: JobAttempt | undefined;
  /** True when an earlier try of this stage got the run this far (a retry after a crash). */
  resumed: boolean;
  /**
   * Stores the stage's results (`store`) and applies its closing event, in one transaction.
   * Throws RunStoppedError when the run moved meanwhile (cancelled), which rolls back.
   */
  close(
    event: InstanceEvent,
    extras?: RunExtras,
    store?: (tx: DbOrTx) => Promise<void>,
  ): Promise<void>;
  /** Whether a failure now is the stage's last try (no retry would follow). */
  lastTry(): boolean;
  /** Runs `cleanup` once the stage is over for good: done, failed or stopped, but not retried. */
  whenDone(cleanup: () => Promise<void>): void;
};

export async function runStage(
  stage: InstanceStage,
  instanceId: string,
  context: JobContext,
  work: (run: StageRun) => Promise<void>,
): Promise<void> {
  const { db, signal: queueSignal } = context;
  const log = context.log.child({ instanceId, stage });
  const claimed = await runPort.claimStage(db, instanceId, stage);
  if (!claimed) {
    log.info('nothing to run: the instance is not waiting for this stage');
    return;
  }
  const { run: instance, resumed } = claimed;
  if (resumed) log.info('resuming a stage an earlier try left unfinished');
  const edit = await runPort.editOf(db, instance);
  if (!edit) return;
  const watch = watchRun(db, instanceId, instance, queueSignal);
  // NOTE: the speeds measured on this server so far; the built-in ones stand in for the rest.
  const tracker = createRunProgressTracker(await readWorkSpeeds(db).catch(() => ({})));
  const progress = throttledProgress((f) =>
    runPort.reportProgress(db, instanceId, f, tracker.detail(Date.now())),
  );
  let latest = 0;
  const refresh = setInterval(() => progress.report(latest), PROGRESS_REFRESH_MS);
  refresh.unref();
  const lastTry = () => isLastAttempt(context.attempt);
  const cleanups: (() => Promise<void>)[] = [];
  let retried = false;
  try {
    await work({
      job: edit,
      instance,
      signal: watch.signal,
      plan: (items) => tracker.plan(items),
      progress: (f, at) => {
        if (at) tracker.report(at, Date.now());
        latest = f;
        progress.report(f);
        context.keepClaim?.();
      },
      log,
      attempt: context.attempt,
      resumed,
      lastTry,
      whenDone: (cleanup) => cleanups.push(cleanup),
      async close(event, extras, store) {
        // WARNING: the last progress write must land before the transaction opens: on PGlite (one
        // connection) a write still in flight waits behind the transaction, which would wait for it.
        progress.stop();
        await progress.flush();
        await db.transaction(async (tx) => {
          await store?.(tx);
          const closed = await runPort.closeStage(tx, instance, event, extras);
          if (!closed) throw new RunStoppedError();
        });
        // NOTE: a resumed try skipped work an earlier one did (reused transcription), so its
        // timings would make this server look faster than it is.
        if (!resumed) {
          await recordWorkSpeeds(db, tracker.samples(Date.now()), new Date()).catch(
            (error: unknown) => log.warn({ err: error }, 'could not keep the measured speeds'),
          );
        }
      },
    });
  } catch (error) {
    if (
      watch.stoppedByUser() ||
      error instanceof RunStoppedError ||
      !(await runPort.isStillClaimed(db, instance))
    ) {
      log.info('stopped: the edit was cancelled or deleted');
      return;
    }
    // NOTE: when the queue took the job back (heartbeat lapsed, worker stopping) or another try
    // may succeed, the run stays processing and the next try resumes it.
    if (queueSignal.aborted || (isRetryable(error) && !lastTry())) {
      retried = true;
      log.warn({ err: error }, 'stage failed; handing it back to the queue for another try');
      throw error;
    }
    log.warn({ err: error }, 'stage failed');
    await runPort.failStage(db, instanceId, toFailureReason(error));
  } finally {
    clearInterval(refresh);
    watch.stop();
    await progress.flush();
    if (!retried) {
      for (const cleanup of cleanups) {
        await cleanup().catch((error: unknown) => log.warn({ err: error }, 'cleanup failed'));
      }
      // NOTE: issue 36: the webhooks the run's change recorded leave now, not at the next minute.
      if (context.queue) {
        await dispatchDeliveries(db, context.queue).catch((error: unknown) =>
          log.warn({ err: error }, 'could not queue the webhooks'),
        );
      }
    }
  }
}
