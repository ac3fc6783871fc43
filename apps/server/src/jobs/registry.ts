// The code that runs the queues' jobs: loaded only by processes that work on them (worker.ts, and
// the server with EMBEDDED_WORKER), since the handlers load the engine.
import type { JobHandler } from './job.ts';
import { cleanupAuthJob } from '../modules/auth/cleanup-auth.job.ts';
import { sendMailJob } from '../modules/auth/send-mail.job.ts';
import { analyseHandler } from '../modules/pipeline/analyse.job.ts';
import { instanceGaveUpHandler } from '../modules/pipeline/run-gave-up.job.ts';
import { renderHandler } from '../modules/pipeline/render.job.ts';
import { sweepLeftoversHandler } from '../modules/pipeline/sweep-leftovers.job.ts';

export const jobHandlers: readonly JobHandler[] = [
  sendMailJob,
  cleanupAuthJob,
  instanceGaveUpHandler,
  analyseHandler,
  renderHandler,
  sweepLeftoversHandler,
];
