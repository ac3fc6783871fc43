import { TRIAL_EXHAUSTED_MESSAGE, remainingEdits } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/errors.ts';
import { findPlanAccount } from './plan.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isPaidPlan } from './plan-limits.rules.ts';

// SPEC sections 6, 8 and 9: a trial allows 10 edits; remaining = 10 - download_count.
// NOTE: an edit is counted when its finished result is first delivered (see the edit module's
// delivery.ts); starting needs an edit left.

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
