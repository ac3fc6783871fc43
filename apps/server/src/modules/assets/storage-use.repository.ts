// What a user's videos take in storage: facts about assets, which billing's quota weighs.
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { autoJobs } from '../../db/tables/edit.schema.ts';

/**
 * Bytes the user's videos take: uploads (an upload in progress counts with its announced size, so
 * two at once cannot both take the last free space) and rendered results. Failed assets have no
 * file. `except` leaves out assets about to be replaced or the one being checked.
 */
export async function storageUsedBytes(
  db: DbOrTx,
  userId: string,
  except: readonly string[] = [],
): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${assets.size}), 0)` })
    .from(assets)
    .innerJoin(autoJobs, eq(autoJobs.id, assets.autoJobId))
    .where(
      and(
        eq(autoJobs.userId, userId),
        ne(assets.status, 'failed'),
        except.length > 0 ? notInArray(assets.id, [...except]) : undefined,
      ),
    );
  return Number(row?.used ?? 0);
}

/** The job's uploaded videos that a successful new upload replaces. */
export async function uneditedVideoIds(db: DbOrTx, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.autoJobId, jobId), eq(assets.assetType, 'unedited_video')));
  return rows.map((r) => r.id);
}
