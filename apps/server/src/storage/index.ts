// Media storage: files on a (possibly shared) directory, streamed uploads, signed media URLs,
// the /api/media route and streamed zips. See each module for details.
export { contentDisposition, contentTypeFor, parseRange } from './http-headers.ts';
export type { Disposition, RangeResult } from './http-headers.ts';
export { MEDIA_MESSAGES, mediaRoutes } from './media-routes.ts';
export type { MediaRoutesOptions } from './media-routes.ts';
export { MediaSecretError, loadMediaSecret } from './media-secret.ts';
export { MediaStorage, resolveStorageDir } from './media-storage.ts';
export type { ByteRange, StoredFile, TempFile } from './media-storage.ts';
export { DEFAULT_MEDIA_URL_TTL_S, MEDIA_ROUTE_PREFIX, createMediaSigner } from './media-token.ts';
export type {
  MediaGrant,
  MediaSigner,
  SignFileOptions,
  SignZipOptions,
  VerifyResult,
  ZipGrantEntry,
} from './media-token.ts';
export {
  assertStorageKey,
  isStorageKey,
  jobAssetKey,
  jobPrefix,
  sanitizeFileName,
  toStorageName,
} from './storage-keys.ts';
export { UPLOAD_MESSAGES, receiveUpload, tooLargeMessage } from './upload.ts';
export type {
  ReceiveUploadOptions,
  ReceivedUpload,
  UploadProgress,
  UploadStart,
} from './upload.ts';
export { ZipEntryMissingError, streamZip } from './zip-stream.ts';
export type { ZipEntryInput, ZipStream } from './zip-stream.ts';
export { benchUpload } from './upload-bench.ts';
export type { UploadBenchOptions, UploadBenchResult } from './upload-bench.ts';
