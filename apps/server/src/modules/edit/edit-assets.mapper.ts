import type { Asset } from '@roughcut/shared';
import type { AssetRow } from '../assets/index.ts';

export function toAssetResponse(asset: AssetRow): Asset {
  return {
    id: asset.id,
    name: asset.name,
    asset_type: asset.assetType,
    size: asset.size,
    uploaded_amount: asset.uploadedAmount,
    status: asset.status,
    failure_reason: asset.failureReason,
    clip_id: asset.clipId,
  };
}
