import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkoutSessions, paymentEvents } from '../../db/tables/billing.schema.ts';

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
