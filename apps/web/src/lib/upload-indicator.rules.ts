import { UPLOAD_INDICATOR_LINGER_MS } from '@roughcut/shared';
import type { Asset } from '@roughcut/shared';

// SPEC 4.1 "Upload indicator" and the asset polling rules.

type AssetProgress = Pick<Asset, 'name' | 'size' | 'uploaded_amount' | 'status'> & {
  failure_reason?: string | null | undefined;
};

export type UploadIndicator = {
  uploading: boolean;
  /** Whole percent of uploaded_amount over size, or null (not uploading, equal, or size unknown). */
  percent: number | null;
  text: string;
  tone: 'blue' | 'green' | 'red';
};

/** Percent uploaded, rounded down so 100 appears only when complete; null when equal or unknown. */
export const uploadPercent = (asset: Pick<Asset, 'size' | 'uploaded_amount'>): number | null => {
  if (asset.size <= 0 || asset.uploaded_amount === asset.size) return null;
  return Math.min(100, Math.max(0, Math.floor((asset.uploaded_amount / asset.size) * 100)));
};

/**
 * "Uploading {name}..." with a percentage while uploading, otherwise "Uploaded {name}".
 * NOTE: a failed asset (the probe rejected it) shows its reason rather than claiming success.
 */
export const uploadIndicator = (asset: AssetProgress): UploadIndicator => {
  if (asset.status === 'uploading')
    return {
      uploading: true,
      percent: uploadPercent(asset),
      text: `Uploading ${asset.name}...`,
      tone: 'blue',
    };
  if (asset.status === 'failed') {
    const reason = asset.failure_reason ?? 'The video could not be used.';
    return {
      uploading: false,
      percent: null,
      text: `Upload of ${asset.name} failed: ${reason}`,
      tone: 'red',
    };
  }
  return { uploading: false, percent: null, text: `Uploaded ${asset.name}`, tone: 'green' };
};

/** An uploading asset is re-checked every 2.5 s until it is no longer uploading. */
export const shouldPollAsset = (asset: Pick<Asset, 'status'> | null | undefined): boolean =>
  asset?.status === 'uploading';

/** The indicator stays 2.5 s after the upload ended (`endedAtMs` null while still uploading). */
export const isIndicatorVisible = (endedAtMs: number | null, nowMs: number): boolean =>
  endedAtMs === null || nowMs - endedAtMs < UPLOAD_INDICATOR_LINGER_MS;

/** The job's source video: the last unedited_video asset in the list. */
export const findUneditedVideo = <T extends Pick<Asset, 'asset_type'>>(
  assets: readonly T[],
): T | undefined => assets.filter((a) => a.asset_type === 'unedited_video').at(-1);

export const editedVideos = <T extends Pick<Asset, 'asset_type'>>(assets: readonly T[]): T[] =>
  assets.filter((a) => a.asset_type === 'edited_video');
