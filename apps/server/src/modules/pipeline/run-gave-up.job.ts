import { handleJob } from '../../jobs/job.ts';
import { GAVE_UP_REASON, runGaveUpJob } from '../edit/index.ts';
import { dispatchDeliveries } from '../webhooks/index.ts';
import { failRun } from './stage-runner.ts';

/**
 * The queue gave up on an analyse or render job (every try died or failed without marking the
 * run): the run, still processing, is failed with a reason, so the page stops waiting.
 */
export const runGaveUpHandler = handleJob(
  runGaveUpJob,
  async ({ instanceId }, { db, log, queue }) => {
    if (await failRun(db, instanceId, GAVE_UP_REASON)) {
      log.warn({ instanceId }, 'the queue gave up on the instance; it is marked failed');
      if (queue) await dispatchDeliveries(db, queue);
    }
  },
);
