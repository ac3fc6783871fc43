import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';

/**
 * One attempt of one delivery. `attempt` is the number of attempts made before this one: the
 * handler takes the delivery only while that is still true, so a repeated message makes none.
 * `manual`: a "Send again", made even while the webhook is disabled.
 */
export const deliverWebhookJob = defineJob({
  name: 'deliver-webhook',
  payload: z.object({
    deliveryId: z.string().min(1),
    attempt: z.number().int().min(0),
    manual: z.boolean().default(false),
  }),
  // NOTE: the handler schedules its own retries (24 hours of backoff, each attempt logged); the
  // queue's retries only cover a handler that crashed before it could.
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  concurrency: 4,
});

/**
 * Queues the first attempt of every delivery recorded but not yet queued: run right after a
 * run's state changed, and every minute in case that process stopped in between.
 */
export const dispatchWebhooksJob = defineJob({
  name: 'dispatch-webhooks',
  payload: z.object({}).loose(),
  schedule: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 60 },
});
