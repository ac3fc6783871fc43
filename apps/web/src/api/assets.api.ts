import { ENDPOINTS } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7: assets, Delete video and download of a job. The video itself is sent with the
// resumable protocol (resumable-upload.ts); the spec's one-request upload stays for API clients.

export const assetsApi = {
  list: (jobId: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.autojobAssets, { params: { id: jobId }, ...(signal && { signal }) }),
  url: (jobId: string, assetId: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.autojobAsset, {
      params: { id: jobId, asset_id: assetId },
      ...(signal && { signal }),
    }),
  deleteAll: (jobId: string) => api.call(ENDPOINTS.autojobAssetsAll, { params: { id: jobId } }),
  /** GET .../download → {url}; the file itself is fetched and saved by the caller. */
  downloadUrl: (jobId: string, assetId?: string) =>
    api.call(ENDPOINTS.autojobDownload, {
      params: { id: jobId },
      ...(assetId && { query: { asset_id: assetId } }),
    }),
};
