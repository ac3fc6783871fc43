import { apiPaths } from '@roughcut/shared';
import type { ExportFormat, ExportQuery } from '@roughcut/shared';
import { api } from './api-client.ts';
import type { DownloadedFile } from './api-client.ts';

// Exports of an edit and of a clip: the file itself, saved under its content-disposition name.

/** What an export asks for besides its format: the folder the video is in, when the user said. */
export type ExportOptions = { mediaFolder?: string };

const queryOf = (options: ExportOptions): ExportQuery | undefined =>
  options.mediaFolder ? { media_folder: options.mediaFolder } : undefined;

export const exportsApi = {
  /** The edit's long form as an editor timeline or a transcript. */
  edit: (
    jobId: string,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<DownloadedFile> => api.download(apiPaths.editExport(jobId, format, queryOf(options))),
  /** One clip as edited. */
  clip: (
    ids: { jobId: string; instanceId: string; clipId: string },
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<DownloadedFile> =>
    api.download(
      apiPaths.clipExport(ids.jobId, ids.instanceId, ids.clipId, format, queryOf(options)),
    ),
};
