import { handleJob } from '../../jobs/job.ts';
import { sweepLeftoversJob } from './leftovers.queue-jobs.ts';
import { sweepLeftovers } from './leftovers.service.ts';

export const sweepLeftoversHandler = handleJob(
  sweepLeftoversJob,
  async (_payload, { db, storage, log, queue }) => {
    await sweepLeftovers({ db, storage, log, ...(queue ? { queue } : {}) });
  },
);
