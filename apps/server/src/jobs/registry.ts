import type { JobDefinition } from './job.ts';
import { cleanupAuthJob } from '../modules/auth/cleanup-auth.job.ts';
import { sendMailJob } from '../modules/auth/send-mail.job.ts';

/** Every background job. A new job: write `<name>.job.ts` with defineJob and add it here. */
export const jobs: readonly JobDefinition[] = [sendMailJob, cleanupAuthJob];
