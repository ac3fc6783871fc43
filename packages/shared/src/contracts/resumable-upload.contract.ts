import { z } from 'zod';

// Not in the spec: resumable uploads of an edit's video over the tus 1.0 protocol (creation, core,
// termination, expiration), beside the spec's one-request multipart upload. A tus client creates
// the upload with POST on the collection path (Upload-Length, Upload-Metadata), then sends the
// bytes with PATCH to the Location it got back, and after a dropped connection asks HEAD for the
// offset to go on from. The protocol's requests are not JSON, so they are described here rather
// than in the endpoint table; errors still answer `{err}`.

/** The tus protocol version the server speaks. */
export const TUS_VERSION = '1.0.0';

/** An unfinished resumable upload is given up this long after it was created. */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** POST here to create a resumable upload of the edit's video. */
export const resumableUploadsPath = (jobId: string): string =>
  `/api/manage/autojob/${encodeURIComponent(jobId)}/uploads`;

/** HEAD, PATCH and DELETE on one resumable upload. */
export const resumableUploadPath = (jobId: string, uploadId: string): string =>
  `${resumableUploadsPath(jobId)}/${encodeURIComponent(uploadId)}`;

/** Fastify patterns of the two paths above. */
export const RESUMABLE_UPLOAD_ROUTES = {
  collection: '/api/manage/autojob/:id/uploads',
  upload: '/api/manage/autojob/:id/uploads/:upload_id',
} as const;

/** tus upload ids: what the server makes (32 hex digits), checked before any lookup. */
export const resumableUploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * Upload-Metadata keys the server reads: the file's name (must end in .mp4), its type, the
 * client's fingerprint of the file (to check a resumed file is the same one), and `start` = '1'
 * when the edit should start as soon as the whole video has arrived (the create panel's flow, so
 * an upload that finishes after its tab was closed still starts the edit).
 */
export const RESUMABLE_METADATA = {
  fileName: 'filename',
  fileType: 'filetype',
  fingerprint: 'fingerprint',
  start: 'start',
} as const;

/** The fingerprint's form: size, then a SHA-256 of the first and last megabyte, hex. */
export const uploadFingerprintSchema = z.string().regex(/^\d{1,16}:[0-9a-f]{64}$/);

/** How many bytes at each end of the file the fingerprint covers. */
export const FINGERPRINT_EDGE_BYTES = 1024 * 1024;
