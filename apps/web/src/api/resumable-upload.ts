// An edit's video sent with the tus protocol (tus-js-client): the bytes go in one long request,
// and a dropped connection, a server restart or a reload goes on from the last byte the server
// stored instead of starting again. The server checks the owner, the type, the size and the
// storage; its refusals come back as ApiErrors with its `err`.
import { RESUMABLE_METADATA, resumableUploadsPath } from '@roughcut/shared';
import { DetailedError, Upload } from 'tus-js-client';
import { apiErrorOf, parseBodyText } from './api-client.ts';
import { ApiError } from './api-error.ts';

/**
 * Waits between tries after a lost connection: quick at first, then every 10 s for about ten
 * minutes (a server restart, a train through a tunnel), after which the upload waits paused.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  0,
  1000,
  2000,
  3000,
  5000,
  ...Array.from({ length: 60 }, () => 10_000),
];

export type ResumableSendOptions = {
  jobId: string;
  file: File;
  fingerprint: string;
  /** Start the edit on the server as soon as the whole video has arrived. */
  startWhenDone: boolean;
  /** Go on with this unfinished upload (from the asset's `upload_url`) rather than a new one. */
  resumeUrl?: string | null;
  onProgress(loaded: number, total: number): void;
  /** The connection was lost and the client is about to try again. */
  onReconnecting(): void;
};

export type ResumableSend = { done: Promise<void>; abort(): void };

const absolute = (path: string): string => new URL(path, window.location.origin).href;

/** tus-js-client's own rule: try again unless the server said no (a 4xx other than 409/423). */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return !(status >= 400 && status < 500 && status !== 409 && status !== 423);
}

function toApiError(error: Error): ApiError {
  if (error instanceof DetailedError && error.originalResponse) {
    const response = error.originalResponse;
    return apiErrorOf(response.getStatus(), '', parseBodyText(response.getBody()));
  }
  return new ApiError(0, undefined, 'Unable to reach the server, check your connection');
}

/** Starts sending; `done` settles when the server has the whole video, or refused it. */
export function sendResumableUpload(options: ResumableSendOptions): ResumableSend {
  let upload: Upload | undefined;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(options.file, {
      ...(options.resumeUrl
        ? { uploadUrl: absolute(options.resumeUrl) }
        : { endpoint: absolute(resumableUploadsPath(options.jobId)) }),
      metadata: {
        [RESUMABLE_METADATA.fileName]: options.file.name,
        [RESUMABLE_METADATA.fileType]: options.file.type || 'video/mp4',
        [RESUMABLE_METADATA.fingerprint]: options.fingerprint,
        ...(options.startWhenDone ? { [RESUMABLE_METADATA.start]: '1' } : {}),
      },
      retryDelays: [...RETRY_DELAYS_MS],
      // NOTE: the server keeps where each upload stands; nothing is stored in this browser.
      storeFingerprintForResuming: false,
      onShouldRetry: (error) => {
        const retry = worthRetrying(error);
        if (retry) options.onReconnecting();
        return retry;
      },
      onProgress: (loaded, total) => options.onProgress(loaded, total),
      onSuccess: () => resolve(),
      onError: (error) => reject(toApiError(error)),
    });
    upload.start();
  });
  return {
    done,
    abort: () => void upload?.abort(),
  };
}
