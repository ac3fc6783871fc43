import { TRIAL_EXHAUSTED_MESSAGE } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/errors.ts';
import { spendEdit } from '../billing/index.ts';
import { markRunDelivered } from './edit.repository.ts';

// NOTE: an edit is counted when its finished result is first delivered (played or downloaded),
// once per run of a job, because that is when the user gets what they came for: a failed or
// cancelled run costs nothing, and watching a result in the browser is as good as downloading it,
// so it cannot be a way around the limit. Starting needs an edit left; delivering spends it.

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
    // NOTE: the run row stays locked by this update, so a second request for the same run
    // waits here and then finds it already delivered.
    if (!(await markRunDelivered(tx, instance.id, ctx.now()))) return;
    if (!(await spendEdit(tx, userId))) throw forbidden(TRIAL_EXHAUSTED_MESSAGE);
  });
}
