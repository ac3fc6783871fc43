import type { AssetRow } from './assets.repository.ts';

/** The video Start would use: one still uploading, else the newest usable, else the newest. */
export function currentVideo(assets: readonly AssetRow[]): AssetRow | null {
  const videos = assets.filter((a) => a.assetType === 'unedited_video');
  return (
    videos.findLast((a) => a.status === 'uploading') ??
    videos.findLast((a) => a.status === 'uploaded') ??
    videos.at(-1) ??
    null
  );
}
