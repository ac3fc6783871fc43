// The only queries of the webhook tables.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/tables/webhooks.schema.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** Deliveries listed under a webhook. */
const LISTED_DELIVERIES = 50;

export async function insertEndpoint(
  db: Db,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('the webhook was not stored');
  return inserted;
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
}

export async function findOwnedEndpoint(
  db: Db,
  userId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function deleteOwnedEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function setEndpointState(
  db: Db,
  id: string,
  state: Partial<Pick<WebhookEndpointRow, 'disabledAt' | 'disabledReason' | 'failingSince'>>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(state)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Notes a failure: the first since the last success starts the endpoint's failing time. */
export async function markEndpointFailing(
  db: Db,
  id: string,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Enabled endpoints of the user that listen to `event`. */
export async function endpointsListeningTo(
  db: DbOrTx,
  userId: string,
  event: WebhookEvent,
): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
}

export async function insertDeliveries(
  db: DbOrTx,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

export type DeliveryWithEndpoint = { delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow };

export async function findDelivery(db: Db, id: string): Promise<DeliveryWithEndpoint | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Deliveries recorded but never queued (their first attempt), oldest first. */
export async function unqueuedDeliveries(db: Db, limit = 100): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.queueJobId)))
    .orderBy(webhookDeliveries.createdAt)
    .limit(limit);
}

/**
 * Takes the delivery for the attempt after `attempts` (compare-and-set on the count), so a
 * repeated queue message, or a resend racing a retry, makes one attempt.
 */
export async function claimAttempt(db: Db, id: string, attempts: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ attemptCount: attempts + 1 })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.attemptCount, attempts),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function updateDelivery(
  db: Db,
  id: string,
  changes: Partial<Pick<WebhookDeliveryRow, 'status' | 'queueJobId' | 'nextAttemptAt'>>,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(changes)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** Marks a never-queued delivery as queued; false when another dispatcher got there first. */
export async function markQueued(db: Db, id: string, marker: string): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ queueJobId: marker })
    .where(and(eq(webhookDeliveries.id, id), isNull(webhookDeliveries.queueJobId)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function insertAttempt(
  db: Db,
  row: typeof webhookAttempts.$inferInsert,
): Promise<void> {
  await db.insert(webhookAttempts).values(row);
}

export async function listDeliveries(
  db: Db,
  endpointId: string,
): Promise<{ delivery: WebhookDeliveryRow; attempts: WebhookAttemptRow[] }[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(LISTED_DELIVERIES);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(webhookAttempts.at);
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((a) => a.deliveryId === delivery.id),
  }));
}
