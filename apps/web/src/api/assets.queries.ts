import { ASSET_POLL_MS } from '@roughcut/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetsApi } from './assets.api.ts';
import { mediaLinkInfo, mediaLinkRenewers, renewDelayMs } from './media-link.ts';
import { queryKeys } from './query-keys.ts';
import { shouldPollAsset } from '../lib/upload-indicator.rules.ts';

/** A job's assets; re-checked every 2.5 s while one is uploading (SPEC 4.1). */
export const assetListQuery = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.assets(jobId),
    queryFn: ({ signal }) => assetsApi.list(jobId, signal),
    refetchInterval: (query) =>
      query.state.data?.assets.some((asset) => shouldPollAsset(asset)) ? ASSET_POLL_MS : false,
  });

/** A fresh link to one asset, remembered so a player holding it can renew it in turn. */
async function fetchAssetUrl(jobId: string, assetId: string, signal?: AbortSignal) {
  const askedAt = Date.now();
  const response = await assetsApi.url(jobId, assetId, signal);
  mediaLinkRenewers.remember(
    response.url,
    () => fetchAssetUrl(jobId, assetId).then((fresh) => fresh.url),
    mediaLinkInfo(`${jobId}/${assetId}`, askedAt),
  );
  return response;
}

/**
 * A signed media URL of one asset. It expires minutes after it is made and with the session, so
 * it is asked for again before it runs out (also in a background tab); players keep the link
 * they show until it fails (useMediaSource), so a renewal never interrupts playback.
 */
export const assetUrlQuery = (jobId: string, assetId: string) =>
  queryOptions({
    queryKey: queryKeys.assetUrl(jobId, assetId),
    queryFn: ({ signal }) => fetchAssetUrl(jobId, assetId, signal),
    staleTime: (query) => renewDelayMs(query.state.data?.url, Date.now()),
    refetchInterval: (query) => renewDelayMs(query.state.data?.url, Date.now()),
    refetchIntervalInBackground: true,
    select: (response) => response.url,
  });

export const useAssets = (jobId: string, enabled = true) =>
  useQuery({ ...assetListQuery(jobId), enabled });
export const useAssetUrl = (jobId: string, assetId: string | undefined) =>
  useQuery({ ...assetUrlQuery(jobId, assetId ?? ''), enabled: assetId !== undefined });
