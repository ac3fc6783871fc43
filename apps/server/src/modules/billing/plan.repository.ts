import { and, eq, or, sql } from 'drizzle-orm';
import { TRIAL_EDIT_LIMIT } from '@roughcut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/tables/account.schema.ts';

// A user's plan (trial or standard, the provider's ids, the last plan event, the edits spent): the
// accounts row sign-up creates beside the user. Billing is its one writer after that.

export type PlanAccount = typeof accounts.$inferSelect;
export type PlanPatch = Partial<
  Pick<
    PlanAccount,
    'subscriptionType' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'planEventAt'
  >
>;

export async function findPlanAccount(
  db: DbOrTx,
  userId: string,
): Promise<PlanAccount | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return row;
}

/**
 * The account row, locked until the transaction ends: everything that checks a limit and then
 * spends it (an upload's storage, an edit) goes through here, one at a time per user.
 */
export async function lockPlanAccount(
  tx: DbOrTx,
  userId: string,
): Promise<PlanAccount | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.userId, userId)).for('update');
  return row;
}

export async function findPlanAccountBySubscription(
  db: DbOrTx,
  subscriptionId: string,
): Promise<PlanAccount | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return row;
}

export async function updatePlan(db: DbOrTx, userId: string, patch: PlanPatch): Promise<void> {
  await db.update(accounts).set(patch).where(eq(accounts.userId, userId));
}

/**
 * Counts one edit against the plan in a single statement, so two requests at once cannot both
 * spend the last trial edit. Returns false (and counts nothing) when a non-paid plan has none left.
 */
export async function spendEdit(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ downloadCount: sql`${accounts.downloadCount} + 1` })
    .where(
      and(
        eq(accounts.userId, userId),
        or(
          eq(accounts.subscriptionType, 'standard'),
          sql`${accounts.downloadCount} < ${TRIAL_EDIT_LIMIT}`,
        ),
      ),
    )
    .returning({ userId: accounts.userId });
  return rows.length > 0;
}
