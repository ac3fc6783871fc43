import { handleJob } from '../../jobs/job.ts';
import { systemResolve } from './webhook-address.ts';
import { attemptDelivery, dispatchDeliveries } from './webhook-delivery.service.ts';
import { deliverWebhookJob, dispatchWebhooksJob } from './webhook.queue-jobs.ts';

export const deliverWebhookHandler = handleJob(deliverWebhookJob, async (payload, context) => {
  const { queue } = context;
  if (!queue) throw new Error('a webhook delivery needs the queue to schedule its retries');
  await attemptDelivery(
    { ...context, queue, resolve: systemResolve, now: () => new Date() },
    payload,
  );
});

export const dispatchWebhooksHandler = handleJob(dispatchWebhooksJob, async (_payload, context) => {
  if (!context.queue) return;
  const queued = await dispatchDeliveries(context.db, context.queue);
  if (queued > 0) context.log.info({ queued }, 'queued webhook deliveries');
});
