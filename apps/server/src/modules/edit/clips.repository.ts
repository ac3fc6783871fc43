import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clips } from '../../db/tables/clips.schema.ts';
import type { StoredFraming } from '../../db/tables/clips.schema.ts';

export type ClipRow = typeof clips.$inferSelect;
export type NewClip = typeof clips.$inferInsert;

/** The run's clips, highest engagement first (as the job page shows them). */
export async function listClipsOfRun(db: DbOrTx, instanceId: string): Promise<ClipRow[]> {
  return db
    .select()
    .from(clips)
    .where(eq(clips.autoJobInstanceId, instanceId))
    .orderBy(desc(clips.engagementScore), clips.startS, clips.id);
}

export async function findClipOfRun(
  db: DbOrTx,
  instanceId: string,
  clipId: string,
): Promise<ClipRow | undefined> {
  const [row] = await db
    .select()
    .from(clips)
    .where(and(eq(clips.id, clipId), eq(clips.autoJobInstanceId, instanceId)));
  return row;
}

export async function insertClips(db: DbOrTx, values: NewClip[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(clips).values(values);
}

export async function deleteClipsOfRun(db: DbOrTx, instanceId: string): Promise<void> {
  await db.delete(clips).where(eq(clips.autoJobInstanceId, instanceId));
}

/**
 * Stores the clip's framing plans only while its window is still the one they were planned for: a
 * window moved during the planning leaves the newer one to be planned.
 */
export async function storeFraming(
  db: DbOrTx,
  clipId: string,
  framing: StoredFraming,
): Promise<boolean> {
  const rows = await db
    .update(clips)
    .set({ framing })
    .where(
      and(eq(clips.id, clipId), eq(clips.startS, framing.startS), eq(clips.endS, framing.endS)),
    )
    .returning({ id: clips.id });
  return rows.length > 0;
}

// NOTE: a clip's status and confirmed flag are written only by the lifecycle
// (lifecycle.repository.ts), on the shared transition table.
