// Resumable (tus) uploads as asset rows: found by their tus id, their progress, and the ones
// past their expiry for the sweep.
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import type { AssetRow } from './assets.repository.ts';

/** The unfinished resumable upload with this tus id, if it is still uploading. */
export async function findResumableUpload(
  db: DbOrTx,
  tusId: string,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.tusId, tusId), eq(assets.status, 'uploading')));
  return row;
}

/** The edit's unfinished resumable uploads (a new one replaces them). */
export async function resumableUploadsOfEdit(db: DbOrTx, jobId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(
      and(eq(assets.autoJobId, jobId), eq(assets.status, 'uploading'), isNotNull(assets.tusId)),
    );
}

/** Moves an unfinished upload's count of stored bytes forward (never back). */
export async function recordUploadOffset(db: DbOrTx, tusId: string, offset: number): Promise<void> {
  await db
    .update(assets)
    .set({ uploadedAmount: offset })
    .where(
      and(
        eq(assets.tusId, tusId),
        eq(assets.status, 'uploading'),
        lt(assets.uploadedAmount, offset),
      ),
    );
}

/** Unfinished resumable uploads whose expiry has passed. */
export async function expiredResumableUploads(db: DbOrTx, now: Date): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(
      and(eq(assets.status, 'uploading'), isNotNull(assets.tusId), lt(assets.uploadExpiresAt, now)),
    );
}
