// The video a job would start with, for the job's Start (autojobs) from the assets it holds.
import type { DbOrTx } from '../../db/client.ts';
import { listAssetsOfJob } from '../assets/assets.repository.ts';
import type { AssetRow } from '../assets/assets.repository.ts';
import { currentVideo } from '../assets/current-video.ts';

/** The job's current video (see currentVideo), read with `db` (a transaction at Start). */
export async function findCurrentVideo(db: DbOrTx, jobId: string): Promise<AssetRow | null> {
  return currentVideo(await listAssetsOfJob(db, jobId));
}
