import { z } from 'zod';
import { entityIdSchema } from './autojob.contract.ts';

// SPEC section 3 "Asset" and section 7 asset, download and upload calls.

export const ASSET_TYPES = ['unedited_video', 'edited_video'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** `uploading` is the spec's in-progress value; `failed` carries a failure_reason. */
export const ASSET_STATUSES = ['uploading', 'uploaded', 'failed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const assetSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  asset_type: z.enum(ASSET_TYPES),
  /** Bytes expected (the upload's length when known, else what has arrived so far). */
  size: z.number().int().min(0),
  /** Bytes stored so far; equals `size` once the upload is complete. */
  uploaded_amount: z.number().int().min(0),
  status: z.enum(ASSET_STATUSES),
  failure_reason: z.string().nullable().optional(),
  /** For edited videos: the clip it was rendered from. Not in the spec's table. */
  clip_id: entityIdSchema.nullable().optional(),
  /**
   * Not in the spec: while a resumable upload is unfinished, where a tus client goes on sending
   * it (HEAD for the offset, PATCH the rest), the browser's fingerprint of the file it began
   * with, and when the unfinished upload is given up (unix seconds).
   */
  upload_url: z.string().nullable().optional(),
  upload_fingerprint: z.string().nullable().optional(),
  upload_expires_at: z.number().int().nullable().optional(),
});
export type Asset = z.infer<typeof assetSchema>;

/** GET /api/manage/autojob/{id}/assets → {assets: [...]}. */
export const assetListResponseSchema = z.object({ assets: z.array(assetSchema) });
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;

/** GET /api/manage/autojob/{id}/asset/{asset_id} params. */
export const assetParamsSchema = z.object({ id: entityIdSchema, asset_id: entityIdSchema });

/**
 * GET /api/manage/autojob/{id}/asset/{asset_id} → {url} (a signed, expiring link fetched as an
 * mp4 blob) and GET /api/manage/autojob/{id}/download → {url} (the file name comes from the
 * content-disposition header of that url).
 */
export const urlResponseSchema = z.object({ url: z.string().min(1) });
export type UrlResponse = z.infer<typeof urlResponseSchema>;
export const assetUrlResponseSchema = urlResponseSchema;
export const downloadResponseSchema = urlResponseSchema;

/**
 * GET /api/manage/autojob/{id}/download optional query: one finished clip's asset. Without it the
 * download covers every edited video of the latest instance (one zip when there are several).
 */
export const downloadQuerySchema = z.object({ asset_id: entityIdSchema.optional() });

/**
 * POST /api/manage/autojob/{id}/upload: multipart with exactly one file part (see
 * `UPLOAD_FILE_FIELD`) → the unedited_video asset as stored when the upload ended.
 */
export const UPLOAD_FILE_FIELD = 'file';
export const uploadResponseSchema = assetSchema;

/** DELETE /api/manage/autojob/{id}/assets/all (Delete video) → okResponseSchema. */
