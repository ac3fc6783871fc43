import type { Asset } from '@roughcut/shared';
import { resumableUploadPath } from '@roughcut/shared';
import type { AssetRow } from '../assets/index.ts';

export function toAssetResponse(asset: AssetRow): Asset {
  const resumable = asset.status === 'uploading' && asset.tusId !== null;
  return {
    id: asset.id,
    name: asset.name,
    asset_type: asset.assetType,
    size: asset.size,
    uploaded_amount: asset.uploadedAmount,
    status: asset.status,
    failure_reason: asset.failureReason,
    clip_id: asset.clipId,
    ...(resumable && asset.tusId
      ? {
          upload_url: resumableUploadPath(asset.autoJobId, asset.tusId),
          upload_fingerprint: asset.uploadFingerprint,
          upload_expires_at: asset.uploadExpiresAt
            ? Math.floor(asset.uploadExpiresAt.getTime() / 1000)
            : null,
        }
      : {}),
  };
}
