import { and, eq, lt, or } from 'drizzle-orm';
import { WORKER_STATES } from '@roughcut/shared';
import { assets } from '../../db/tables/assets.schema.ts';
import type { RunRow } from '../edit/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jobInstances } from '../../db/tables/edit.schema.ts';

export type UploadInFlight = { id: string; uploadOwner: string | null; updatedAt: Date };

/** Every unedited video still marked uploading. */
export async function uploadsInFlight(db: DbOrTx): Promise<UploadInFlight[]> {
  return db
    .select({ id: assets.id, uploadOwner: assets.uploadOwner, updatedAt: assets.updatedAt })
    .from(assets)
    .where(and(eq(assets.assetType, 'unedited_video'), eq(assets.status, 'uploading')));
}

/** Marks an upload that will never finish as failed (so it no longer counts against storage). */
export async function failUpload(db: DbOrTx, assetId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(assets)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(assets.id, assetId), eq(assets.status, 'uploading')))
    .returning({ id: assets.id });
  return rows.length > 0;
}

/** Runs a worker stage owns (queued or running) whose last transition is older than `before`. */
export async function runsOwnedByWorkers(db: DbOrTx, before: Date): Promise<RunRow[]> {
  return db
    .select()
    .from(jobInstances)
    .where(
      and(
        lt(jobInstances.updatedAt, before),
        or(
          ...WORKER_STATES.map((s) =>
            and(eq(jobInstances.status, s.status), eq(jobInstances.confirmed, s.confirmed)),
          ),
        ),
      ),
    );
}
