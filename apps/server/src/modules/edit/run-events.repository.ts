// Issue 36: the webhook events of a run's changes, recorded in the transaction of the change
// (lifecycle.repository.ts), so an event is never lost nor sent for a change that rolled back.
import { eq } from 'drizzle-orm';
import type { InstanceState, WebhookEvent } from '@roughcut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { autoJobs } from '../../db/tables/edit.schema.ts';
import { recordRunEvent } from '../webhooks/index.ts';
import type { RunRow } from './edit.repository.ts';

/** The event a change announces: clips ready for review, the render done, a failure. */
export function runEventOf(from: InstanceState, to: InstanceState): WebhookEvent | undefined {
  if (to.status === from.status) return undefined;
  if (to.status === 'awaiting-confirmation' && !to.confirmed) return 'edit.clips_ready';
  if (to.status === 'finished') return 'edit.rendered';
  if (to.status === 'failed') return 'edit.failed';
  return undefined;
}

export async function announceRunChange(
  db: DbOrTx,
  from: InstanceState,
  run: RunRow,
  now: Date,
): Promise<void> {
  const event = runEventOf(from, run);
  if (!event) return;
  const [job] = await db
    .select({ userId: autoJobs.userId, name: autoJobs.name })
    .from(autoJobs)
    .where(eq(autoJobs.id, run.autoJobId));
  if (!job) return;
  await recordRunEvent(db, {
    event,
    userId: job.userId,
    jobId: run.autoJobId,
    instanceId: run.id,
    name: job.name,
    status: run.status,
    failureReason: run.failureReason,
    at: now,
  });
}
