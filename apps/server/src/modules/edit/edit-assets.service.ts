import type { FastifyRequest } from 'fastify';
import type { Asset, AssetListResponse, UrlResponse } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { formatOwner } from '../../process/process-owner.ts';
import { fileNamePart, jobAssetKey } from '../../storage/storage-keys.ts';
import { receiveUpload } from '../../storage/upload.ts';
import { loadOwnedEdit } from './ownership.ts';
import { findRunOfEdit } from './edit.repository.ts';
import { chargeEditOnce } from './delivery.ts';
import { mediaSessionOf } from '../tokens/index.ts';
import { reserveUploadRoom } from '../billing/index.ts';
import { checkState } from '../../http/job-state.ts';
import { toAssetResponse } from './edit-assets.mapper.ts';
import { UPLOAD_ACCEPT_MESSAGES, acceptStoredVideo } from './upload-accept.ts';
import {
  deleteAssets,
  editedAssetsOfRun,
  findAssetOfEdit,
  insertAsset,
  listAssetsOfEdit,
  updateAsset,
} from '../assets/index.ts';
import type { AssetRow } from '../assets/index.ts';
import { assertCanDeleteVideo, assertCanUpload, jobStatusOf } from './job-state.rules.ts';

export const ASSET_MESSAGES = {
  notFound: 'This video does not exist. It may have been replaced or deleted.',
  notReady: 'This video is not ready yet. Please wait for it to finish uploading.',
  notFinished: 'This edit has not finished yet. You can download it once it is finished.',
  nothingToDownload: 'This edit has no finished videos to download.',
  probeFailed: UPLOAD_ACCEPT_MESSAGES.probeFailed,
} as const;

export async function listAssets(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<AssetListResponse> {
  await loadOwnedEdit(ctx, userId, jobId);
  return { assets: (await listAssetsOfEdit(ctx.db, jobId)).map(toAssetResponse) };
}

/**
 * Streams the upload into storage while the asset's size and uploaded_amount follow it, probes
 * it with the engine, and only then replaces the job's previous video.
 */
export async function uploadVideo(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  jobId: string,
): Promise<Asset> {
  const { instance } = await loadOwnedEdit(ctx, userId, jobId);
  checkState(() => assertCanUpload(jobStatusOf(instance)));
  let asset: AssetRow | undefined;
  let received;
  try {
    received = await receiveUpload(request, {
      storage: ctx.storage,
      maxBytes: ctx.config.maxUploadBytes,
      minRate: ctx.config.uploadMinRate,
      onStart: async ({ fileName, expectedSize }) => {
        const id = crypto.randomUUID();
        const key = jobAssetKey(jobId, id, fileName);
        // NOTE: checked and inserted together: the announced size reserves the storage.
        const room = await ctx.db.transaction(async (tx) => {
          const reserved = await reserveUploadRoom(tx, userId, jobId, expectedSize);
          asset = await insertAsset(tx, {
            id,
            autoJobId: jobId,
            name: fileName,
            assetType: 'unedited_video',
            size: expectedSize ?? 0,
            uploadedAmount: 0,
            status: 'uploading',
            storageKey: key,
            createdAt: ctx.now(),
            // NOTE: if this process dies mid-upload, its restart clears the upload at once.
            uploadOwner: formatOwner(),
          });
          return reserved;
        });
        return { key, room: { bytes: room.allowedBytes, error: () => room.refuse(expectedSize) } };
      },
      onProgress: async ({ bytesWritten, expectedSize }) => {
        if (!asset) return;
        await updateAsset(ctx.db, asset.id, {
          size: Math.max(expectedSize ?? 0, bytesWritten),
          uploadedAmount: bytesWritten,
        });
      },
    });
  } catch (error) {
    // NOTE: an interrupted or refused upload leaves no trace; the previous video stays.
    if (asset) await deleteAssets(ctx.db, [asset.id]);
    throw error;
  }
  if (!asset) throw new Error('upload finished without an asset');
  return acceptStoredVideo(ctx, userId, jobId, asset, received.size);
}

/** A signed, expiring inline URL of one of the job's videos, valid while `sessionId` is. */
export async function getAssetUrl(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  jobId: string,
  assetId: string,
): Promise<UrlResponse> {
  await loadOwnedEdit(ctx, userId, jobId);
  const asset = await findAssetOfEdit(ctx.db, jobId, assetId);
  if (!asset) throw notFound(ASSET_MESSAGES.notFound);
  if (asset.status !== 'uploaded' || !asset.storageKey) throw conflict(ASSET_MESSAGES.notReady);
  // NOTE: playing a result delivers it as surely as downloading it, so it counts the same.
  if (asset.assetType === 'edited_video' && asset.jobInstanceId) {
    const run = await findRunOfEdit(ctx.db, jobId, asset.jobInstanceId);
    if (run) await chargeEditOnce(ctx, userId, run);
  }
  return {
    url: await ctx.signer.signMediaUrl(asset.storageKey, {
      session: await mediaSessionOf(ctx, sessionId),
      fileName: asset.name,
      contentType: 'video/mp4',
      disposition: 'inline',
    }),
  };
}

/**
 * The finished result as an attachment: one video, or one zip of all of them named after the
 * edit. The first download of a finished run counts toward the trial.
 */
export async function getDownloadUrl(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  jobId: string,
  assetId: string | undefined,
): Promise<UrlResponse> {
  const { job, instance } = await loadOwnedEdit(ctx, userId, jobId);
  if (!instance || instance.status !== 'finished') throw conflict(ASSET_MESSAGES.notFinished);
  let videos = (await editedAssetsOfRun(ctx.db, instance.id)).filter(
    (a) => a.status === 'uploaded' && a.storageKey,
  );
  if (assetId !== undefined) videos = videos.filter((a) => a.id === assetId);
  if (videos.length === 0)
    throw assetId === undefined
      ? conflict(ASSET_MESSAGES.nothingToDownload)
      : notFound(ASSET_MESSAGES.notFound);
  await chargeEditOnce(ctx, userId, instance);
  const session = await mediaSessionOf(ctx, sessionId);
  const [only] = videos;
  if (videos.length === 1 && only?.storageKey) {
    return {
      url: await ctx.signer.signMediaUrl(only.storageKey, {
        session,
        // NOTE: a video named before path separators were replaced keeps its whole name too.
        fileName: fileNamePart(only.name),
        contentType: 'video/mp4',
        disposition: 'attachment',
      }),
    };
  }
  return {
    url: await ctx.signer.signZipUrl(
      videos.map((a) => ({ name: fileNamePart(a.name), key: a.storageKey ?? '' })),
      { session, fileName: `${fileNamePart(job.name)}.zip` },
    ),
  };
}

/** Delete video: every stored video of the job, only while it is created or cancelled. */
export async function deleteAllAssets(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<void> {
  const { instance } = await loadOwnedEdit(ctx, userId, jobId);
  checkState(() => assertCanDeleteVideo(jobStatusOf(instance)));
  const all = await listAssetsOfEdit(ctx.db, jobId);
  await deleteAssets(
    ctx.db,
    all.map((a) => a.id),
  );
  for (const asset of all) if (asset.storageKey) await ctx.storage.delete(asset.storageKey);
}
