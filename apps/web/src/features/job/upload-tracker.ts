import type { Asset } from '@roughcut/shared';
import {
  isIndicatorVisible,
  uploadIndicator,
  type UploadIndicator,
} from '../../lib/upload-indicator.rules.ts';

// SPEC 4.1 "Upload indicator": shown while the job's video uploads and for 2.5 s after it ends.

export type UploadTrack = {
  /** The asset id being followed. */
  assetId: string | null;
  /** When the followed upload was last seen ending (ms), or null while still uploading. */
  endedAtMs: number | null;
  /** Whether this screen has seen the asset uploading at all. */
  seenUploading: boolean;
};

/** Id of the stand-in asset shown from browser progress before the server reports the upload. */
export const LOCAL_UPLOAD_ID = 'local-upload';

export const INITIAL_UPLOAD_TRACK: UploadTrack = {
  assetId: null,
  endedAtMs: null,
  seenUploading: false,
};

export type UploadProgressAsset = Pick<
  Asset,
  'id' | 'name' | 'size' | 'uploaded_amount' | 'status'
> & {
  failure_reason?: string | null | undefined;
};

/** The next track after a poll saw `asset` (the job's unedited video, if any) at `nowMs`. */
export const trackUpload = (
  track: UploadTrack,
  asset: UploadProgressAsset | undefined,
  nowMs: number,
): UploadTrack => {
  if (asset === undefined) {
    return track.seenUploading && track.endedAtMs === null ? { ...track, endedAtMs: nowMs } : track;
  }
  const uploading = asset.status === 'uploading';
  if (track.assetId === LOCAL_UPLOAD_ID && asset.id !== LOCAL_UPLOAD_ID) {
    // The server's asset takes over from the browser's stand-in: the same upload.
    return { assetId: asset.id, endedAtMs: uploading ? null : nowMs, seenUploading: true };
  }
  if (asset.id !== track.assetId) {
    return { assetId: asset.id, endedAtMs: uploading ? null : nowMs, seenUploading: uploading };
  }
  if (uploading) return { ...track, endedAtMs: null, seenUploading: true };
  return track.endedAtMs === null ? { ...track, endedAtMs: nowMs } : track;
};

/** What the indicator shows now, or null when hidden. */
export const visibleIndicator = (
  track: UploadTrack,
  asset: UploadProgressAsset | undefined,
  nowMs: number,
): UploadIndicator | null => {
  if (asset === undefined || !track.seenUploading || asset.id !== track.assetId) return null;
  if (!isIndicatorVisible(track.endedAtMs, nowMs)) return null;
  return uploadIndicator(asset);
};

/**
 * While this page's own upload is sending, the browser knows the progress before the server's
 * asset row does: show whichever is further along.
 */
export const mergeLocalProgress = (
  asset: UploadProgressAsset | undefined,
  local: { name: string; loaded: number; total: number } | null,
): UploadProgressAsset | undefined => {
  if (local === null) return asset;
  if (asset && asset.status !== 'uploading' && asset.name === local.name) return asset;
  const fromServer = asset?.status === 'uploading' && asset.name === local.name ? asset : undefined;
  const serverShare =
    fromServer && fromServer.size > 0 ? fromServer.uploaded_amount / fromServer.size : 0;
  const localShare = local.total > 0 ? local.loaded / local.total : 0;
  if (fromServer && serverShare >= localShare) return fromServer;
  return {
    id: fromServer?.id ?? LOCAL_UPLOAD_ID,
    name: local.name,
    size: local.total,
    uploaded_amount: Math.min(local.loaded, local.total),
    status: 'uploading',
  };
};
