// The ONLY writes of a run's or a clip's status (and of a clip's confirmed flag). Each
// computes the next state with the shared table (job-state.rules, clip-state.rules), then writes
// it compare-and-set on the state the caller read: a worker and a user (Cancel, Continue) racing
// each other, or a repeated queue message, cannot overwrite one another or move anything back.
import { and, eq, inArray } from 'drizzle-orm';
import type { ClipReframe, InstanceEvent, InstanceState } from '@roughcut/shared';
import { clips } from '../../db/tables/clips.schema.ts';
import type { ClipEdits } from '../../db/tables/clips.schema.ts';
import type { RunRow } from './edit.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jobInstances } from '../../db/tables/edit.schema.ts';
import { announceRunChange } from './run-events.repository.ts';
import { stillAsRead } from './as-read.repository.ts';
import { transitionInstance } from './job-state.rules.ts';
import { clipStatusesAllowing, transitionClip } from './clip-state.rules.ts';
import type { ClipEvent } from './clip-state.rules.ts';

/** Fields written together with a transition (never a status). */
export type RunExtras = Partial<
  Pick<
    RunRow,
    | 'progress'
    | 'queueJobName'
    | 'queueJobId'
    | 'videoProbe'
    // NOTE: issue 33's stage and time left, cleared as a stage is claimed.
    | 'progressStage'
    | 'progressClip'
    | 'progressClips'
    | 'secondsLeft'
    | 'progressAt'
  >
>;

/**
 * Applies `event` to the run as it was read (`from`). Returns the updated row, or undefined
 * when the run changed meanwhile or is gone (the caller re-reads or stops). Throws the
 * table's JobStateError when the event is not allowed from `from`.
 */
export async function transitionRunRow(
  db: DbOrTx,
  from: InstanceState & { id: string },
  event: InstanceEvent,
  now: Date,
  extras: RunExtras = {},
): Promise<RunRow | undefined> {
  const next = transitionInstance(from, event);
  const [row] = await db
    .update(jobInstances)
    .set({
      ...extras,
      status: next.status,
      confirmed: next.confirmed,
      failureReason: next.failure_reason ?? null,
      updatedAt: now,
    })
    .where(stillAsRead(jobInstances, from))
    .returning();
  // NOTE: issue 36: the webhooks of the change, in the same transaction as the change.
  if (row) await announceRunChange(db, from, row, now);
  return row;
}

/** Applies `event` to one clip as it was read; false when the clip changed meanwhile. */
export async function transitionClipRow(
  db: DbOrTx,
  from: { id: string; status: InstanceState['status']; confirmed: boolean },
  event: ClipEvent,
  extras: { edits?: ClipEdits | null; reframe?: ClipReframe } = {},
): Promise<boolean> {
  const next = transitionClip(from, event);
  const rows = await db
    .update(clips)
    .set({
      ...extras,
      status: next.status,
      confirmed: next.confirmed,
      failureReason: next.failure_reason,
    })
    .where(stillAsRead(clips, from))
    .returning({ id: clips.id });
  return rows.length > 0;
}

/** Confirm All / Unconfirm All: every clip of the run the event applies to (edits stay). */
export async function transitionClipsOfRun(
  db: DbOrTx,
  instanceId: string,
  event: Extract<ClipEvent, { type: 'confirm' | 'unconfirm' }>,
): Promise<void> {
  const next = transitionClip({ status: 'awaiting-confirmation', confirmed: false }, event);
  await db
    .update(clips)
    .set({ status: next.status, confirmed: next.confirmed, failureReason: null })
    .where(
      and(
        eq(clips.autoJobInstanceId, instanceId),
        inArray(clips.status, clipStatusesAllowing(event.type)),
      ),
    );
}
