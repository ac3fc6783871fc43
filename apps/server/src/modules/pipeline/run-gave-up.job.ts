import { handleJob } from '../../jobs/job.ts';
import { instanceGaveUpJob } from '../edit/index.ts';
import { GAVE_UP_REASON } from '../edit/index.ts';
import { failInstance } from './stage-runner.ts';

/**
 * The queue gave up on an analyse or render job (every try died or failed without marking the
 * instance): the instance, still processing, is failed with a reason, so the page stops waiting.
 */
export const instanceGaveUpHandler = handleJob(
  instanceGaveUpJob,
  async ({ instanceId }, { db, log }) => {
    if (await failInstance(db, instanceId, GAVE_UP_REASON)) {
      log.warn({ instanceId }, 'the queue gave up on the instance; it is marked failed');
    }
  },
);
