import type { WebhookEvent, WebhookPayload } from '@roughcut/shared';
import { WEBHOOK_DELIVERY_STATUSES } from '@roughcut/shared';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's webhook receivers (issue 36). `secret` is the Standard Webhooks signing key
 * (`whsec_…`): the server must sign with it, so unlike a token it is kept as is.
 * `disabled_at` is set when the receiver failed for 24 hours (the user is mailed).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    disabledAt: stamp('disabled_at'),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success. */
    failingSince: stamp('failing_since'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId)],
);

/**
 * One event for one endpoint: `id` is the message id (webhook-id, the same on every attempt),
 * `payload` the JSON sent. Recorded in the transaction that moved the run, so an event is never
 * lost or sent for a change that rolled back.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    /** The queue job of the next attempt, null until one is queued. */
    queueJobId: text('queue_job_id'),
    nextAttemptAt: stamp('next_attempt_at'),
    attemptCount: integer('attempt_count').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_status_idx').on(t.status, t.queueJobId),
  ],
);

export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'refused'] as const;

/** Every attempt of a delivery, as shown under the webhook (status, time, response code). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: WEBHOOK_ATTEMPT_OUTCOMES }).notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
