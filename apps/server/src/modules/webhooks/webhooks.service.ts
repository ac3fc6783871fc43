import { randomBytes } from 'node:crypto';
import { MAX_WEBHOOKS, WEBHOOK_MESSAGES } from '@roughcut/shared';
import type {
  CreateWebhookRequest,
  CreateWebhookResponse,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookListResponse,
} from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Resolve } from './webhook-address.ts';
import { checkWebhookUrl, systemResolve } from './webhook-address.ts';
import { deliverWebhookJob } from './webhook.queue-jobs.ts';
import {
  deleteOwnedEndpoint,
  findDelivery,
  findOwnedEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  setEndpointState,
  updateDelivery,
} from './webhooks.repository.ts';
import type {
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './webhooks.repository.ts';

const seconds = (date: Date | null): number | null =>
  date === null ? null : Math.floor(date.getTime() / 1000);

function toWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.disabledAt === null,
    disabled_reason: row.disabledAt ? row.disabledReason : null,
    created_at: seconds(row.createdAt) ?? 0,
    failing_since: seconds(row.failingSince),
  };
}

function toDelivery(delivery: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    created_at: seconds(delivery.createdAt) ?? 0,
    next_attempt_at: delivery.status === 'pending' ? seconds(delivery.nextAttemptAt) : null,
    attempts: attempts.map((attempt) => ({
      at: seconds(attempt.at) ?? 0,
      outcome: attempt.outcome,
      response_code: attempt.responseCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}

/** Registers a receiver; its address is checked now and again at every delivery. */
export async function createWebhook(
  ctx: AppContext,
  userId: string,
  request: CreateWebhookRequest,
  resolve: Resolve = systemResolve,
): Promise<CreateWebhookResponse> {
  const url = await checkWebhookUrl(request.url, {
    allowPrivate: ctx.config.webhooks.allowPrivate,
    resolve,
  });
  if ((await listEndpoints(ctx.db, userId)).length >= MAX_WEBHOOKS) {
    throw new HttpError(409, WEBHOOK_MESSAGES.tooMany);
  }
  // NOTE: the Standard Webhooks secret form: whsec_ and 24 random bytes in base64.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const row = await insertEndpoint(ctx.db, {
    userId,
    url: url.toString(),
    events: [...new Set(request.events)],
    secret,
    createdAt: ctx.now(),
  });
  return { webhook: toWebhook(row), secret };
}

export async function listWebhooks(ctx: AppContext, userId: string): Promise<WebhookListResponse> {
  return { webhooks: (await listEndpoints(ctx.db, userId)).map(toWebhook) };
}

async function ownedEndpoint(ctx: AppContext, userId: string, id: string) {
  const row = await findOwnedEndpoint(ctx.db, userId, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function deleteWebhook(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnedEndpoint(ctx.db, userId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
}

export async function enableWebhook(ctx: AppContext, userId: string, id: string): Promise<Webhook> {
  await ownedEndpoint(ctx, userId, id);
  const row = await setEndpointState(ctx.db, id, {
    disabledAt: null,
    disabledReason: null,
    failingSince: null,
  });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return toWebhook(row);
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WebhookDeliveryListResponse> {
  const endpoint = await ownedEndpoint(ctx, userId, id);
  const rows = await listDeliveries(ctx.db, endpoint.id);
  return { deliveries: rows.map((row) => toDelivery(row.delivery, row.attempts)) };
}

/** "Send again": one more attempt now, with the same webhook-id; it may retry after it. */
export async function resendDelivery(
  ctx: AppContext,
  userId: string,
  ids: { id: string; delivery_id: string },
): Promise<WebhookDelivery> {
  const endpoint = await ownedEndpoint(ctx, userId, ids.id);
  const found = await findDelivery(ctx.db, ids.delivery_id);
  if (!found || found.endpoint.id !== endpoint.id) {
    throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  }
  const { delivery } = found;
  // NOTE: pending before the job is queued: its worker may take it at once.
  await updateDelivery(ctx.db, delivery.id, { status: 'pending', nextAttemptAt: ctx.now() });
  const jobId = await ctx.queue.send(deliverWebhookJob, {
    deliveryId: delivery.id,
    attempt: delivery.attemptCount,
    manual: true,
  });
  const updated = await updateDelivery(ctx.db, delivery.id, { queueJobId: jobId });
  const [listed] = (await listDeliveries(ctx.db, endpoint.id)).filter(
    (row) => row.delivery.id === delivery.id,
  );
  return toDelivery(updated ?? delivery, listed?.attempts ?? []);
}
