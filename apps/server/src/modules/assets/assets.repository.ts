import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/tables/assets.schema.ts';

export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;

export async function listAssetsOfEdit(db: DbOrTx, jobId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(eq(assets.autoJobId, jobId))
    .orderBy(asc(assets.createdAt), asc(assets.id));
}

export async function findAssetOfEdit(
  db: DbOrTx,
  jobId: string,
  assetId: string,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.autoJobId, jobId)));
  return row;
}

export async function insertAsset(db: DbOrTx, values: NewAsset): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  if (!row) throw new Error('insert assets returned nothing');
  return row;
}

export async function updateAsset(
  db: DbOrTx,
  assetId: string,
  patch: Partial<Omit<NewAsset, 'id' | 'autoJobId'>>,
): Promise<void> {
  await db.update(assets).set(patch).where(eq(assets.id, assetId));
}

export async function deleteAssets(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(assets).where(inArray(assets.id, ids));
}

/** The job's other unedited videos (replaced by a new upload). */
export async function otherUneditedVideos(
  db: DbOrTx,
  jobId: string,
  keepId: string,
): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.autoJobId, jobId),
        eq(assets.assetType, 'unedited_video'),
        ne(assets.id, keepId),
      ),
    );
}

export async function editedAssetsOfRun(db: DbOrTx, instanceId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.jobInstanceId, instanceId), eq(assets.assetType, 'edited_video')))
    .orderBy(asc(assets.createdAt), asc(assets.id));
}

export async function editedAssetsOfClip(db: DbOrTx, clipId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.clipId, clipId), eq(assets.assetType, 'edited_video')));
}
