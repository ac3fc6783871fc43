// Resumable uploads of an edit's video (tus): the checks of the one-request upload, made when the
// upload is created (owner, the edit's state, name and type, length against the size limit and
// the plan's storage) and as its bytes arrive (type from the first bytes, then length, resolution
// and a readable video once it is whole). The protocol itself is @tus/server's.
import {
  RESUMABLE_METADATA,
  RESUMABLE_UPLOAD_EXPIRY_MS,
  notMp4Message,
  sniffFileKind,
  uploadFingerprintSchema,
} from '@roughcut/shared';
import type { Asset } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { checkState } from '../../http/job-state.ts';
import { commitResumableFile, removeResumableFiles } from '../../storage/resumable-store.ts';
import { jobAssetKey, sanitizeFileName } from '../../storage/storage-keys.ts';
import { UPLOAD_MESSAGES, isAcceptedVideo, tooLargeMessage } from '../../storage/upload-checks.ts';
import { reserveUploadRoom } from '../billing/index.ts';
import {
  deleteAssets,
  findResumableUpload,
  insertAsset,
  recordUploadOffset,
  resumableUploadsOfEdit,
  updateAsset,
} from '../assets/index.ts';
import { findEditOfUser } from './edit.repository.ts';
import { startEdit } from './edit.service.ts';
import { loadOwnedEdit } from './ownership.ts';
import { acceptStoredVideo, removeAssetFiles } from './upload-accept.ts';
import { assertCanUpload, jobStatusOf } from './job-state.rules.ts';

export const RESUMABLE_MESSAGES = {
  noLength:
    'A resumable upload must say its length (Upload-Length): send the whole file’s size when creating it.',
  notFound:
    'This upload is no longer there: it finished, was replaced by another, or expired. Please upload the video again.',
} as const;

/** Who is uploading to which edit: from the signed-in request and its path. */
export type UploadOwner = { userId: string; jobId: string };

export type NewResumableUpload = {
  id: string;
  size: number | undefined;
  metadata: Record<string, string | null> | undefined;
};

const metadataValue = (upload: NewResumableUpload, key: string): string | undefined =>
  upload.metadata?.[key] ?? undefined;

/**
 * Creates the asset of a new resumable upload, reserving its length in the plan's storage, and
 * gives up the edit's earlier unfinished ones (one upload per edit at a time).
 */
export async function createResumableUpload(
  ctx: AppContext,
  who: UploadOwner,
  upload: NewResumableUpload,
): Promise<void> {
  const { instance } = await loadOwnedEdit(ctx, who.userId, who.jobId);
  checkState(() => assertCanUpload(jobStatusOf(instance)));
  const size = upload.size;
  if (size === undefined) throw badRequest(RESUMABLE_MESSAGES.noLength);
  if (size > ctx.config.maxUploadBytes) {
    throw new HttpError(413, tooLargeMessage(ctx.config.maxUploadBytes));
  }
  if (size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  const rawName = metadataValue(upload, RESUMABLE_METADATA.fileName) ?? '';
  const fileType = metadataValue(upload, RESUMABLE_METADATA.fileType) ?? '';
  if (!isAcceptedVideo(rawName, fileType)) throw new HttpError(415, UPLOAD_MESSAGES.notMp4);
  const fingerprint = uploadFingerprintSchema.safeParse(
    metadataValue(upload, RESUMABLE_METADATA.fingerprint),
  );
  const fileName = sanitizeFileName(rawName, 'video.mp4');
  const earlier = await resumableUploadsOfEdit(ctx.db, who.jobId);
  const id = crypto.randomUUID();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await reserveUploadRoom(tx, who.userId, who.jobId, size);
    await insertAsset(tx, {
      id,
      autoJobId: who.jobId,
      name: fileName,
      assetType: 'unedited_video',
      size,
      uploadedAmount: 0,
      status: 'uploading',
      storageKey: jobAssetKey(who.jobId, id, fileName),
      createdAt: now,
      tusId: upload.id,
      uploadExpiresAt: new Date(now.getTime() + RESUMABLE_UPLOAD_EXPIRY_MS),
      uploadFingerprint: fingerprint.success ? fingerprint.data : null,
    });
    await deleteAssets(
      tx,
      earlier.map((a) => a.id),
    );
  });
  for (const old of earlier) await removeAssetFiles(ctx, old);
}

/** The unfinished upload `uploadId` of the user's edit, or 404 for anything else. */
export async function loadOwnedUpload(ctx: AppContext, who: UploadOwner, uploadId: string) {
  const edit = await findEditOfUser(ctx.db, who.userId, who.jobId);
  const asset = edit && (await findResumableUpload(ctx.db, uploadId));
  if (!asset || asset.autoJobId !== who.jobId) throw notFound(RESUMABLE_MESSAGES.notFound);
  return asset;
}

/**
 * The first bytes of an upload: anything but an mp4 is refused with what it is, and the upload
 * is ended at once (its asset failed with that reason, its bytes removed).
 */
export async function checkUploadHead(
  ctx: AppContext,
  uploadId: string,
  head: Buffer,
): Promise<void> {
  const message = notMp4Message(sniffFileKind(head));
  if (message === undefined) return;
  const asset = await findResumableUpload(ctx.db, uploadId);
  if (asset) {
    await updateAsset(ctx.db, asset.id, {
      status: 'failed',
      failureReason: message,
      tusId: null,
      uploadExpiresAt: null,
    });
  }
  await removeResumableFiles(ctx.storage, uploadId);
  throw new HttpError(415, message);
}

export async function recordUploadProgress(
  ctx: AppContext,
  uploadId: string,
  offset: number,
): Promise<void> {
  await recordUploadOffset(ctx.db, uploadId, offset);
}

/**
 * The last byte arrived: the file moves to its asset's key and is accepted like a one-request
 * upload (quota, probe, replacing the previous video). With `start` in its metadata the edit is
 * then started, so an upload that finishes after its tab was closed still goes on; a start that
 * is refused (the trial used up) leaves the edit ready for the user's own Start.
 */
export async function finishResumableUpload(
  ctx: AppContext,
  who: UploadOwner,
  upload: NewResumableUpload & { size: number },
): Promise<Asset> {
  const asset = await loadOwnedUpload(ctx, who, upload.id);
  if (!asset.storageKey) throw new Error(`upload ${upload.id} has no storage key`);
  await commitResumableFile(ctx.storage, upload.id, asset.storageKey);
  const accepted = await acceptStoredVideo(ctx, who.userId, who.jobId, asset, upload.size);
  if (metadataValue(upload, RESUMABLE_METADATA.start) === '1') {
    await startEdit(ctx, who.userId, who.jobId).catch((error: unknown) => {
      ctx.queue.log.info({ err: error, jobId: who.jobId }, 'an uploaded edit was not started');
    });
  }
  return accepted;
}

/** A terminated upload (the client's DELETE): its asset goes, which frees its storage. */
export async function forgetResumableUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const asset = await findResumableUpload(ctx.db, uploadId);
  if (asset) await deleteAssets(ctx.db, [asset.id]);
}
