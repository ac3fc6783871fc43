import { and, eq, inArray } from 'drizzle-orm';
import type { ClipDraft } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clipDrafts, clips } from '../../db/tables/clips.schema.ts';

// Issue 31: the clip drafts table. A draft is not a status: which clips may hold one is the
// clip transition table's 'save-draft' rule, checked by the service on the row read here.

export type ClipDraftRow = typeof clipDrafts.$inferSelect;

export async function findClipDraft(db: DbOrTx, clipId: string): Promise<ClipDraftRow | undefined> {
  const [row] = await db.select().from(clipDrafts).where(eq(clipDrafts.clipId, clipId));
  return row;
}

/**
 * Stores the draft while `allowed` still holds for the clip as it is now, or returns undefined
 * when the clip is gone. NOTE: the clip row is locked first (FOR SHARE), so a confirm, which
 * updates that row and removes the draft in one transaction, runs wholly before or after: a
 * draft never outlives the confirm that replaced it.
 */
export async function saveClipDraftIf(
  db: Db,
  clipId: string,
  body: ClipDraft,
  now: Date,
  allowed: (clip: { status: (typeof clips.$inferSelect)['status']; confirmed: boolean }) => void,
): Promise<ClipDraftRow | undefined> {
  return db.transaction(async (tx) => {
    const [clip] = await tx
      .select({ status: clips.status, confirmed: clips.confirmed })
      .from(clips)
      .where(eq(clips.id, clipId))
      .for('share');
    if (!clip) return undefined;
    allowed(clip);
    const [row] = await tx
      .insert(clipDrafts)
      .values({ clipId, body, savedAt: now })
      .onConflictDoUpdate({ target: clipDrafts.clipId, set: { body, savedAt: now } })
      .returning();
    return row;
  });
}

export async function deleteClipDraft(db: DbOrTx, clipId: string): Promise<void> {
  await db.delete(clipDrafts).where(eq(clipDrafts.clipId, clipId));
}

/** Confirm All: the drafts of the run's clips that are confirmed now. */
export async function deleteDraftsOfConfirmedClips(db: DbOrTx, instanceId: string): Promise<void> {
  const confirmed = db
    .select({ id: clips.id })
    .from(clips)
    .where(and(eq(clips.autoJobInstanceId, instanceId), eq(clips.confirmed, true)));
  await db.delete(clipDrafts).where(inArray(clipDrafts.clipId, confirmed));
}
