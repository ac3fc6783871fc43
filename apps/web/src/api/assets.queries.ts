import { ASSET_POLL_MS, shouldPollAsset } from '@roughcut/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetsApi } from './assets.api.ts';
import { queryKeys } from './query-keys.ts';

/** A job's assets; re-checked every 2.5 s while one is uploading (SPEC 4.1). */
export const assetListQuery = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.assets(jobId),
    queryFn: ({ signal }) => assetsApi.list(jobId, signal),
    refetchInterval: (query) =>
      query.state.data?.assets.some((asset) => shouldPollAsset(asset)) ? ASSET_POLL_MS : false,
  });

/**
 * A signed, expiring media URL of one asset.
 * NOTE: kept for 5 minutes, well inside the link's lifetime, so players are not re-pointed on
 * every render while a link stays valid for playback and seeking.
 */
export const assetUrlQuery = (jobId: string, assetId: string) =>
  queryOptions({
    queryKey: queryKeys.assetUrl(jobId, assetId),
    queryFn: ({ signal }) => assetsApi.url(jobId, assetId, signal),
    staleTime: 5 * 60_000,
    select: (response) => response.url,
  });

export const useAssets = (jobId: string, enabled = true) =>
  useQuery({ ...assetListQuery(jobId), enabled });
export const useAssetUrl = (jobId: string, assetId: string | undefined) =>
  useQuery({ ...assetUrlQuery(jobId, assetId ?? ''), enabled: assetId !== undefined });
