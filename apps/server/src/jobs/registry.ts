import type { JobDefinition } from './job.ts';
import { cleanupAuthJob } from '../modules/auth/cleanup-auth.job.ts';
import { sendMailJob } from '../modules/auth/send-mail.job.ts';
import { analyseJob } from '../modules/autojobs/analyse.job.ts';
import { renderJob } from '../modules/autojobs/render.job.ts';

/** Every background job. A new job: write `<name>.job.ts` with defineJob and add it here. */
export const jobs: readonly JobDefinition[] = [sendMailJob, cleanupAuthJob, analyseJob, renderJob];
