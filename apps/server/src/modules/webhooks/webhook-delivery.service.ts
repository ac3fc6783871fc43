// What happens to a webhook event: recorded with the run's change (one delivery per listening
// endpoint), queued, attempted, retried with backoff for 24 hours, each attempt logged; an
// endpoint failing for 24 hours is disabled and its user mailed.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent, WebhookPayload } from '@roughcut/shared';
import { WEBHOOK_RETRY_WINDOW_MS } from '@roughcut/shared';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { QueueLookup } from '../../jobs/job.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findUserById } from '../auth/index.ts';
import type { Resolve } from './webhook-address.ts';
import { nextAttemptDelayMs } from './webhook-backoff.rules.ts';
import { disabledMail } from './webhook-mail.ts';
import { sendWebhook } from './webhook-sender.ts';
import type { SendOutcome } from './webhook-sender.ts';
import { deliverWebhookJob } from './webhook.queue-jobs.ts';
import {
  claimAttempt,
  endpointsListeningTo,
  findDelivery,
  insertAttempt,
  insertDeliveries,
  markEndpointFailing,
  markQueued,
  setEndpointState,
  unqueuedDeliveries,
  updateDelivery,
} from './webhooks.repository.ts';

export const DISABLED_REASON =
  'Disabled after failing for 24 hours. Fix the receiver, then turn it on again.';

export type RunEvent = {
  event: WebhookEvent;
  userId: string;
  jobId: string;
  instanceId: string;
  name: string;
  status: string;
  failureReason: string | null;
  at: Date;
};

/** A new message id (webhook-id) in the form the Standard Webhooks examples use. */
const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Records the event for every enabled endpoint of the user that listens to it, in the caller's
 * transaction (the run's change): queued afterwards by `dispatchDeliveries`.
 */
export async function recordRunEvent(db: DbOrTx, event: RunEvent): Promise<void> {
  const endpoints = await endpointsListeningTo(db, event.userId, event.event);
  if (endpoints.length === 0) return;
  const payload: WebhookPayload = {
    type: event.event,
    timestamp: event.at.toISOString(),
    data: {
      auto_job_id: event.jobId,
      auto_job_instance_id: event.instanceId,
      name: event.name,
      status: event.status,
      failure_reason: event.failureReason,
    },
  };
  await insertDeliveries(
    db,
    endpoints.map((endpoint) => ({
      id: newMessageId(),
      endpointId: endpoint.id,
      event: event.event,
      payload,
      createdAt: event.at,
      nextAttemptAt: event.at,
    })),
  );
}

/** Queues the first attempt of deliveries recorded but not queued yet; returns how many. */
export async function dispatchDeliveries(db: Db, queue: QueueLookup): Promise<number> {
  let queued = 0;
  for (const delivery of await unqueuedDeliveries(db)) {
    if (!(await markQueued(db, delivery.id, `dispatch:${randomUUID()}`))) continue;
    const jobId = await queue.send(deliverWebhookJob, { deliveryId: delivery.id, attempt: 0 });
    await updateDelivery(db, delivery.id, { queueJobId: jobId });
    queued += 1;
  }
  return queued;
}

export type DeliveryDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  queue: QueueLookup;
  resolve: Resolve;
  now(): Date;
};

/** Makes one attempt of a delivery and decides what follows it. */
export async function attemptDelivery(
  deps: DeliveryDeps,
  job: { deliveryId: string; attempt: number; manual: boolean },
): Promise<SendOutcome | undefined> {
  const found = await findDelivery(deps.db, job.deliveryId);
  if (!found) return undefined;
  const { delivery, endpoint } = found;
  if (endpoint.disabledAt && !job.manual) {
    await updateDelivery(deps.db, delivery.id, { status: 'failed', nextAttemptAt: null });
    return undefined;
  }
  if (!(await claimAttempt(deps.db, delivery.id, job.attempt))) return undefined;
  const started = deps.now();
  const outcome = await sendWebhook(
    {
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.id,
      body: JSON.stringify(delivery.payload),
      at: started,
    },
    { allowPrivate: deps.config.webhooks.allowPrivate, resolve: deps.resolve },
  );
  const now = deps.now();
  await insertAttempt(deps.db, {
    deliveryId: delivery.id,
    outcome: outcome.outcome,
    responseCode: outcome.responseCode,
    error: outcome.error,
    durationMs: Math.max(0, now.getTime() - started.getTime()),
    at: started,
  });
  if (outcome.outcome === 'succeeded') {
    await updateDelivery(deps.db, delivery.id, { status: 'delivered', nextAttemptAt: null });
    if (endpoint.failingSince) await setEndpointState(deps.db, endpoint.id, { failingSince: null });
    return outcome;
  }
  const failing = await markEndpointFailing(deps.db, endpoint.id, started);
  const since = failing?.failingSince ?? started;
  if (!endpoint.disabledAt && now.getTime() - since.getTime() >= WEBHOOK_RETRY_WINDOW_MS) {
    await disableEndpoint(deps, endpoint.id, endpoint.userId, endpoint.url);
    await updateDelivery(deps.db, delivery.id, { status: 'failed', nextAttemptAt: null });
    return outcome;
  }
  const delayMs = nextAttemptDelayMs({
    attempts: job.attempt + 1,
    firstAttemptAt: delivery.createdAt.getTime(),
    now: now.getTime(),
    baseMs: deps.config.webhooks.retryBaseSeconds * 1000,
  });
  if (delayMs === undefined) {
    await updateDelivery(deps.db, delivery.id, { status: 'failed', nextAttemptAt: null });
    return outcome;
  }
  const next = { deliveryId: delivery.id, attempt: job.attempt + 1, manual: false };
  const queueJobId = await deps.queue.send(deliverWebhookJob, next, {
    startAfterSeconds: Math.ceil(delayMs / 1000),
  });
  await updateDelivery(deps.db, delivery.id, {
    queueJobId,
    nextAttemptAt: new Date(now.getTime() + delayMs),
  });
  return outcome;
}

async function disableEndpoint(
  deps: DeliveryDeps,
  endpointId: string,
  userId: string,
  url: string,
): Promise<void> {
  await setEndpointState(deps.db, endpointId, {
    disabledAt: deps.now(),
    disabledReason: DISABLED_REASON,
  });
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  await deps.mailer
    .send(disabledMail(user.email, user.username, url, deps.config.publicUrl))
    .catch((error: unknown) =>
      deps.log.warn({ err: error }, 'could not mail the owner of a disabled webhook'),
    );
  deps.log.info({ endpointId }, 'a webhook failing for 24 hours was disabled');
}
