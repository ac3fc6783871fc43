import { TRIAL_EXHAUSTED_MESSAGE, isPaidPlan, remainingEdits } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/errors.ts';
import { spendEdit } from '../account/account.repository.ts';
import { findPlanAccount } from './account-plan.ts';
import type { DbOrTx } from '../../db/client.ts';
import { markInstanceDelivered } from '../billing/billing.repository.ts';

// SPEC sections 6, 8 and 9: a trial allows 10 edits; remaining = 10 - download_count.
// NOTE: an edit is counted when its finished result is first delivered (played or downloaded),
// once per run of a job, because that is when the user gets what they came for: a failed or
// cancelled run costs nothing, and watching a result in the browser is as good as downloading it,
// so it cannot be a way around the limit. Starting needs an edit left; delivering spends it.

/** Refuses to start an edit on a plan with no edits left (any plan but standard is limited). */
export async function assertCanStartEdit(
  ctx: AppContext,
  userId: string,
  db: DbOrTx = ctx.db,
): Promise<void> {
  const account = await findPlanAccount(db, userId);
  if (account && isPaidPlan(account.subscriptionType)) return;
  if (remainingEdits(account?.downloadCount ?? 0) <= 0) throw forbidden(TRIAL_EXHAUSTED_MESSAGE);
}

/**
 * Spends one edit the first time a run's result is delivered. Later deliveries of the same run are
 * free; with no edit left it refuses, and nothing is marked.
 */
export async function chargeEditOnce(
  ctx: AppContext,
  userId: string,
  instance: { id: string; downloadedAt: Date | null },
): Promise<void> {
  if (instance.downloadedAt) return;
  await ctx.db.transaction(async (tx) => {
    // NOTE: the instance row stays locked by this update, so a second request for the same run
    // waits here and then finds it already delivered.
    if (!(await markInstanceDelivered(tx, instance.id, ctx.now()))) return;
    if (!(await spendEdit(tx, userId))) throw forbidden(TRIAL_EXHAUSTED_MESSAGE);
  });
}
