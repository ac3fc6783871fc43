import { handleJob } from '../../jobs/job.ts';
import { runPort, runQueueJobs } from '../edit/index.ts';
import { dispatchDeliveries } from '../webhooks/index.ts';

/**
 * The queue gave up on an analyse or render job (every try died or failed without marking the
 * run): the run, still processing, is failed with a reason, so the page stops waiting.
 */
export const runGaveUpHandler = handleJob(
  runQueueJobs.gaveUp,
  async ({ instanceId }, { db, log, queue }) => {
    if (await runPort.giveUp(db, instanceId)) {
      log.warn({ instanceId }, 'the queue gave up on the instance; it is marked failed');
      if (queue) await dispatchDeliveries(db, queue);
    }
  },
);
