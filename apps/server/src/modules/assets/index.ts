// The assets module's one public entry: other modules import from here only. It has no routes of
// its own: the edit module serves a job's videos (SPEC section 7, "Video edits").
export { storageUsedBytes, uneditedVideoIds } from './storage-use.repository.ts';
export {
  deleteAssets,
  editedAssetsOfClip,
  editedAssetsOfRun,
  findAssetOfEdit,
  insertAsset,
  listAssetsOfEdit,
  otherUneditedVideos,
  updateAsset,
} from './assets.repository.ts';
export type { AssetRow } from './assets.repository.ts';
export { findCurrentVideo } from './current-video.ts';
export { failUpload, uploadsInFlight } from './uploads.repository.ts';
export {
  expiredResumableUploads,
  findResumableUpload,
  recordUploadOffset,
  resumableUploadsOfEdit,
} from './resumable-uploads.repository.ts';
export { EXPIRED_UPLOAD_REASON, INTERRUPTED_UPLOAD_REASON } from './upload-failure-reasons.ts';
