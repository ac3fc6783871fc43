import type { JobDefinition } from './job.ts';
import { cleanupAuthJob } from '../modules/auth/cleanup-auth.job.ts';
import { sendMailJob } from '../modules/auth/send-mail.job.ts';
import { analyseJob, instanceGaveUpJob, renderJob } from '../modules/edit/run.queue-jobs.ts';
import { sweepLeftoversJob } from '../modules/pipeline/leftovers.queue-jobs.ts';

// A new job: declare its queue with defineJob (name, payload, retries) and add it here; write its
// handler with handleJob in `<name>.job.ts` and add that to registry.ts.

/** Every queue, created by any process that starts the queue (web or worker). */
export const jobDefinitions: readonly JobDefinition[] = [
  sendMailJob,
  cleanupAuthJob,
  instanceGaveUpJob,
  analyseJob,
  renderJob,
  sweepLeftoversJob,
];
