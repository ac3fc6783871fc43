// The video a job would start with: what Start pins and what a new upload replaces.
import type { DbOrTx } from '../../db/client.ts';
import { listAssetsOfEdit } from './assets.repository.ts';
import type { AssetRow } from './assets.repository.ts';

/** The video Start would use: one still uploading, else the newest usable, else the newest. */
export function currentVideo(assets: readonly AssetRow[]): AssetRow | null {
  const videos = assets.filter((a) => a.assetType === 'unedited_video');
  return (
    videos.findLast((a) => a.status === 'uploading') ??
    videos.findLast((a) => a.status === 'uploaded') ??
    videos.at(-1) ??
    null
  );
}

/** The job's current video (see currentVideo), read with `db` (a transaction at Start). */
export async function findCurrentVideo(db: DbOrTx, jobId: string): Promise<AssetRow | null> {
  return currentVideo(await listAssetsOfEdit(db, jobId));
}
