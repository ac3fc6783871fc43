// The job list: every queue, with where its handler is. Any process that starts the queue creates
// these queues (the server and the worker); only a process that works on them (the worker, and the
// server with EMBEDDED_WORKER) loads the handlers, at start-up.
// A new queue: declare it with defineJob (name, payload, retries) beside the service that enqueues
// it, write its handler with handleJob in `<name>.job.ts`, and list both here.
import type { ListedJob } from './jobs/job.ts';
import { listJob } from './jobs/job.ts';
import { cleanupAuthJob } from './modules/auth/cleanup-auth.job.ts';
import { sendMailJob } from './modules/auth/send-mail.job.ts';
// NOTE: the definitions' own file, not the module's index: listing must load no routes or engine.
import { runQueueJobs } from './modules/edit/run-queue-jobs.ts';
import { sweepLeftoversJob } from './modules/pipeline/leftovers.queue-jobs.ts';
import {
  deliverWebhookHandler,
  deliverWebhookJob,
  dispatchWebhooksHandler,
  dispatchWebhooksJob,
} from './modules/webhooks/index.ts';

// NOTE: the pipeline's handlers load the engine; enqueuing imports only the definitions above,
// so they are imported when a process starts working on the queues (job-list.int.test.ts).
const pipeline = () => import('./modules/pipeline/index.ts');

export const jobList: readonly ListedJob[] = [
  // NOTE: small jobs that import nothing heavy carry their handler in their definition.
  listJob(sendMailJob, () => Promise.resolve(sendMailJob)),
  listJob(cleanupAuthJob, () => Promise.resolve(cleanupAuthJob)),
  listJob(runQueueJobs.gaveUp, async () => (await pipeline()).runGaveUpHandler),
  listJob(runQueueJobs.analyse, async () => (await pipeline()).analyseHandler),
  listJob(runQueueJobs.render, async () => (await pipeline()).renderHandler),
  listJob(runQueueJobs.frameClips, async () => (await pipeline()).frameClipsHandler),
  listJob(sweepLeftoversJob, async () => (await pipeline()).sweepLeftoversHandler),
  listJob(deliverWebhookJob, () => Promise.resolve(deliverWebhookHandler)),
  listJob(dispatchWebhooksJob, () => Promise.resolve(dispatchWebhooksHandler)),
];
