import { apiPaths } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { api } from './api-client.ts';
import type { DownloadedFile } from './api-client.ts';

// Exports of an edit and of a clip: the file itself, saved under its content-disposition name.

export const exportsApi = {
  /** The edit's long form as an editor timeline or a transcript. */
  edit: (jobId: string, format: ExportFormat): Promise<DownloadedFile> =>
    api.download(apiPaths.editExport(jobId, format)),
  /** One clip as edited. */
  clip: (
    ids: { jobId: string; instanceId: string; clipId: string },
    format: ExportFormat,
  ): Promise<DownloadedFile> =>
    api.download(apiPaths.clipExport(ids.jobId, ids.instanceId, ids.clipId, format)),
};
