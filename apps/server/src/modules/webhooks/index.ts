// The webhooks module's one public entry (issue 36): receivers a user registers, the events a
// run's changes record for them, and the queue jobs that deliver them.
export { webhooksModule } from './webhooks.routes.ts';
export { recordRunEvent, dispatchDeliveries } from './webhook-delivery.service.ts';
export type { RunEvent } from './webhook-delivery.service.ts';
export { deliverWebhookJob, dispatchWebhooksJob } from './webhook.queue-jobs.ts';
export { deliverWebhookHandler, dispatchWebhooksHandler } from './webhook-delivery.job.ts';
