import type { MediaStorage } from '../../storage/media-storage.ts';
import { findAssetOfEdit, findCurrentVideo } from '../assets/index.ts';
import type { AssetRow } from '../assets/index.ts';
import type { RunRow } from '../edit/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { JobStateError } from '../../errors/job-state-error.ts';

export const PINNED_VIDEO_MISSING =
  'The video this edit started with is no longer there. Please upload it again and start the edit.';

/**
 * The video the run pinned at Start, with the absolute path of its file. Throws the user's
 * reason when it is gone (it cannot be replaced while the edit runs, so that is a lost file).
 */
export async function pinnedVideo(
  db: DbOrTx,
  storage: MediaStorage,
  instance: Pick<RunRow, 'autoJobId' | 'videoAssetId'>,
): Promise<{ asset: AssetRow; path: string }> {
  // NOTE: a run started before videos were pinned takes the job's current one.
  const asset =
    instance.videoAssetId === null
      ? await findCurrentVideo(db, instance.autoJobId)
      : await findAssetOfEdit(db, instance.autoJobId, instance.videoAssetId);
  if (!asset || asset.status !== 'uploaded' || !asset.storageKey)
    throw new JobStateError('video-missing', PINNED_VIDEO_MISSING);
  if (!(await storage.exists(asset.storageKey)))
    throw new JobStateError('video-missing', PINNED_VIDEO_MISSING);
  return { asset, path: storage.resolve(asset.storageKey) };
}
