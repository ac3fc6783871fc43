import { ENDPOINTS, UPLOAD_FILE_FIELD, apiPaths } from '@roughcut/shared';
import type { UploadResponse } from '@roughcut/shared';
import { api, apiErrorOf, parseBodyText, parseSuccessBody } from './api-client.ts';
import { ApiError } from './api-error.ts';

// SPEC section 7: assets, Delete video, download and upload of a job.

/** Bytes sent so far of the request body (XHR upload events). */
export type UploadProgressEvent = { loaded: number; total: number };

/**
 * POST /api/manage/autojob/{id}/upload as multipart with one file, through XMLHttpRequest because
 * fetch reports no upload progress. Resolves with the stored asset; rejects with an ApiError that
 * carries the server's err.
 */
export function uploadVideo(
  jobId: string,
  file: File,
  onProgress?: (event: UploadProgressEvent) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ENDPOINTS.autojobUpload.method, apiPaths.autojobUpload(jobId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    });
    xhr.addEventListener('load', () => {
      const body = parseBodyText(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(xhr.status, xhr.statusText, body));
        return;
      }
      try {
        resolve(parseSuccessBody(xhr.status, body, ENDPOINTS.autojobUpload.response));
      } catch (error) {
        reject(error instanceof ApiError ? error : new ApiError(xhr.status, undefined));
      }
    });
    xhr.addEventListener('error', () => {
      reject(new ApiError(0, undefined, 'Unable to reach the server, check your connection'));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
}

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
  upload: uploadVideo,
};
