import { apiPaths, isTimelineFormat } from '@roughcut/shared';
import type { ExportFormat, ExportQuery } from '@roughcut/shared';
import { api } from './api-client.ts';
import type { DownloadedFile } from './api-client.ts';

// Exports of an edit and of a clip: the file itself, saved under its content-disposition name.

/**
 * What an export asks for besides its format: the folder the video is in, when the user said, and
 * the uploaded video zipped beside a timeline (a transcript never comes with it).
 */
export type ExportOptions = {
  mediaFolder?: string;
  withVideo?: boolean;
  /** The share of the file received so far (a zip with the video takes a while). */
  onProgress?: (fraction: number) => void;
};

function queryOf(format: ExportFormat, options: ExportOptions): ExportQuery | undefined {
  const query: ExportQuery = {};
  if (options.mediaFolder) query.media_folder = options.mediaFolder;
  if (options.withVideo && isTimelineFormat(format)) query.with_video = 'true';
  return Object.keys(query).length ? query : undefined;
}

const progressOf = (options: ExportOptions) =>
  options.onProgress ? { onProgress: options.onProgress } : {};

export const exportsApi = {
  /** The edit's long form as an editor timeline or a transcript. */
  edit: (
    jobId: string,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<DownloadedFile> =>
    api.download(apiPaths.editExport(jobId, format, queryOf(format, options)), progressOf(options)),
  /** One clip as edited. */
  clip: (
    ids: { jobId: string; instanceId: string; clipId: string },
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<DownloadedFile> =>
    api.download(
      apiPaths.clipExport(ids.jobId, ids.instanceId, ids.clipId, format, queryOf(format, options)),
      progressOf(options),
    ),
};
