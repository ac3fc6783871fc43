// The sweep's queue job; its handler (sweep-leftovers.job.ts) runs on workers only.
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';

/** Every ten minutes: what crashed processes left behind (see leftovers.service.ts). */
export const sweepLeftoversJob = defineJob({
  name: 'sweep-leftovers',
  payload: z.object({}),
  schedule: '*/10 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 10 * 60 },
});
