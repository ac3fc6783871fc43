import { useState } from 'react';
import { useRef } from 'react';
import { api } from '../../api/api-client.ts';
import { describeError } from '../../api/api-error.ts';
import { assetsApi } from '../../api/assets.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { createDownloadGuard, downloadFileName, saveBlob } from './save-download.ts';

/**
 * Download of a job's finished video(s): GET .../download → {url}, fetch it, save it under the
 * content-disposition name. One download at a time for the whole page.
 */
export function useDownload(jobId: string, jobName: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const guard = useRef(createDownloadGuard());

  const download = (assetId?: string) =>
    guard.current.run(async () => {
      setBusy(assetId ?? 'all');
      try {
        const { url } = await assetsApi.downloadUrl(jobId, assetId);
        const file = await api.download(url);
        saveBlob(file.blob, downloadFileName(file.fileName, jobName, file.blob.type));
      } catch (error) {
        showAlert(
          describeError(error, 'There was an issue downloading your video, please try again'),
        );
      } finally {
        setBusy(null);
      }
    }, showAlert);

  return { download, busy };
}
