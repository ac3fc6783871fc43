// The last steps of every upload, one request or resumable: the whole file is stored under its
// asset's key; it must still fit the plan's storage and pass the probe's limits (length,
// resolution, a readable video) before it replaces the edit's previous video.
import type { Asset } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { removeResumableFiles } from '../../storage/resumable-store.ts';
import { probeUpload } from '../../engine-adapter/engine.adapter.ts';
import { assertUploadFits } from '../billing/index.ts';
import {
  deleteAssets,
  findAssetOfEdit,
  otherUneditedVideos,
  updateAsset,
} from '../assets/index.ts';
import type { AssetRow } from '../assets/index.ts';
import { toAssetResponse } from './edit-assets.mapper.ts';

export const UPLOAD_ACCEPT_MESSAGES = {
  probeFailed: 'This file could not be read as a video. Please upload an .mp4 video.',
  notFound: 'This video does not exist. It may have been replaced or deleted.',
} as const;

/** An asset's files wherever they are: its stored key and, for a resumable upload, its bytes. */
export async function removeAssetFiles(ctx: AppContext, asset: AssetRow): Promise<void> {
  if (asset.storageKey) await ctx.storage.delete(asset.storageKey);
  if (asset.tusId) await removeResumableFiles(ctx.storage, asset.tusId);
}

/**
 * Accepts the whole file stored under `asset.storageKey` (`size` bytes): checked against the
 * storage quota and the probe's limits, then the asset is uploaded and the edit's other unedited
 * videos (older uploads, unfinished resumable ones) are removed. A refusal marks the asset
 * failed (or removes it, for the quota) and deletes the file, so the previous video stays.
 */
export async function acceptStoredVideo(
  ctx: AppContext,
  userId: string,
  jobId: string,
  asset: AssetRow,
  size: number,
): Promise<Asset> {
  const key = asset.storageKey;
  if (!key) throw new Error(`asset ${asset.id} has no storage key`);
  try {
    await ctx.db.transaction(async (tx) => {
      await assertUploadFits(tx, userId, jobId, size);
      await updateAsset(tx, asset.id, { size, uploadedAmount: size });
    });
  } catch (error) {
    await deleteAssets(ctx.db, [asset.id]);
    await removeAssetFiles(ctx, asset);
    throw error;
  }

  let probe;
  try {
    probe = await probeUpload(ctx.storage.resolve(key), {
      maxDurationS: ctx.config.maxVideoSeconds,
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'EngineError'
        ? error.message
        : UPLOAD_ACCEPT_MESSAGES.probeFailed;
    await updateAsset(ctx.db, asset.id, {
      status: 'failed',
      failureReason: reason,
      tusId: null,
      uploadExpiresAt: null,
    });
    await removeAssetFiles(ctx, asset);
    throw new HttpError(400, reason);
  }
  const { keyframes: _keyframes, ...probeSummary } = probe;
  await updateAsset(ctx.db, asset.id, {
    status: 'uploaded',
    probe: probeSummary,
    tusId: null,
    uploadExpiresAt: null,
  });
  if (asset.tusId) await removeResumableFiles(ctx.storage, asset.tusId);
  const replaced = await otherUneditedVideos(ctx.db, jobId, asset.id);
  await deleteAssets(
    ctx.db,
    replaced.map((a) => a.id),
  );
  for (const old of replaced) await removeAssetFiles(ctx, old);
  const stored = await findAssetOfEdit(ctx.db, jobId, asset.id);
  if (!stored) throw notFound(UPLOAD_ACCEPT_MESSAGES.notFound);
  return toAssetResponse(stored);
}
