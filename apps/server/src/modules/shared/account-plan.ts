// A user's plan (trial or standard, the provider's ids, the last plan event): billing changes it,
// the allowance and quota rules read it. The accounts table stays the account module's; other
// modules reach the plan only through here.
import {
  findAccount,
  findAccountBySubscription,
  lockAccount,
  updateAccount,
} from '../account/account.repository.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { DbOrTx } from '../../db/client.ts';

export type PlanAccount = AccountRow;

export type PlanPatch = Partial<
  Pick<AccountRow, 'subscriptionType' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'planEventAt'>
>;

export const findPlanAccount = (db: DbOrTx, userId: string): Promise<PlanAccount | undefined> =>
  findAccount(db, userId);

/** The account row locked for the rest of the transaction (plan changes and quota checks). */
export const lockPlanAccount = (tx: DbOrTx, userId: string): Promise<PlanAccount | undefined> =>
  lockAccount(tx, userId);

export const findPlanAccountBySubscription = (
  db: DbOrTx,
  subscriptionId: string,
): Promise<PlanAccount | undefined> => findAccountBySubscription(db, subscriptionId);

export async function updatePlan(db: DbOrTx, userId: string, patch: PlanPatch): Promise<void> {
  await updateAccount(db, userId, patch);
}
