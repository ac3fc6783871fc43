import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../assets/assets.schema.ts';
import { autoJobs, jobInstances } from '../autojobs/autojobs.schema.ts';
import { checkoutSessions, paymentEvents } from './billing.schema.ts';

export async function insertCheckoutSession(
  db: DbOrTx,
  values: { id: string; userId: string; createdAt: Date },
): Promise<void> {
  await db.insert(checkoutSessions).values(values).onConflictDoNothing();
}

export async function findCheckoutSession(
  db: DbOrTx,
  sessionId: string,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: checkoutSessions.id, userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  return row;
}

/** The checkout this user started most recently here, if any. */
export async function findLatestCheckoutSession(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.userId, userId))
    .orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
    .limit(1);
  return row;
}

/**
 * Records the event id; false when it was already recorded. Inside the transaction that applies
 * the event, so a failure leaves it unrecorded and the provider's retry applies it then.
 */
export async function recordEventOnce(
  tx: DbOrTx,
  event: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/**
 * Bytes the user's videos take: uploads (an upload in progress counts with its announced size, so
 * two at once cannot both take the last free space) and rendered results. Failed assets have no
 * file. `except` leaves out assets about to be replaced or the one being checked.
 */
export async function storageUsedBytes(
  db: DbOrTx,
  userId: string,
  except: readonly string[] = [],
): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${assets.size}), 0)` })
    .from(assets)
    .innerJoin(autoJobs, eq(autoJobs.id, assets.autoJobId))
    .where(
      and(
        eq(autoJobs.userId, userId),
        ne(assets.status, 'failed'),
        except.length > 0 ? notInArray(assets.id, [...except]) : undefined,
      ),
    );
  return Number(row?.used ?? 0);
}

/** The job's uploaded videos that a successful new upload replaces. */
export async function uneditedVideoIds(db: DbOrTx, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.autoJobId, jobId), eq(assets.assetType, 'unedited_video')));
  return rows.map((r) => r.id);
}

/** Marks the instance's result delivered; true only the first time. */
export async function markInstanceDelivered(
  tx: DbOrTx,
  instanceId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(jobInstances)
    .set({ downloadedAt: now })
    .where(and(eq(jobInstances.id, instanceId), isNull(jobInstances.downloadedAt)))
    .returning({ id: jobInstances.id });
  return rows.length > 0;
}
