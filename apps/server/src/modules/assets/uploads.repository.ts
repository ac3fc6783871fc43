// Uploads in flight, for the leftovers sweep: the ones a dead process left are failed.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/tables/assets.schema.ts';

export type UploadInFlight = {
  id: string;
  uploadOwner: string | null;
  updatedAt: Date;
  /** Set for a resumable upload, which no process owns and which expires instead. */
  tusId: string | null;
};

/** Every unedited video still marked uploading. */
export async function uploadsInFlight(db: DbOrTx): Promise<UploadInFlight[]> {
  return db
    .select({
      id: assets.id,
      uploadOwner: assets.uploadOwner,
      updatedAt: assets.updatedAt,
      tusId: assets.tusId,
    })
    .from(assets)
    .where(and(eq(assets.assetType, 'unedited_video'), eq(assets.status, 'uploading')));
}

/** Marks an upload that will never finish as failed (so it no longer counts against storage). */
export async function failUpload(db: DbOrTx, assetId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(assets)
    .set({ status: 'failed', failureReason: reason, tusId: null, uploadExpiresAt: null })
    .where(and(eq(assets.id, assetId), eq(assets.status, 'uploading')))
    .returning({ id: assets.id });
  return rows.length > 0;
}
