// An edit's video sent from disk with the tus protocol (tus-js-client, the same library as the web
// app): a dropped connection or a restarted server goes on from the last byte the server stored,
// and a later run given the upload's URL goes on from there too instead of starting again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FINGERPRINT_EDGE_BYTES, RESUMABLE_METADATA, resumableUploadsPath } from '@roughcut/shared';
import { DetailedError, Upload } from 'tus-js-client';
import { RemoteError, remoteErrorOf } from './remote-client.ts';
import type { RemoteClient } from './remote-client.ts';

/** Quick tries first, then every 10 s for about ten minutes (a server restart, a lost network). */
const RETRY_DELAYS_MS = [0, 1000, 2000, 3000, 5000, ...Array.from({ length: 60 }, () => 10_000)];

/** The bytes of one PATCH request unless the caller asks for other. */
export const DEFAULT_CHUNK_BYTES = 50 * 1024 * 1024;

async function readRange(path: string, start: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * "size:sha256(first MB + last MB)": the fingerprint the server keeps with a resumable upload to
 * check that a resumed file is the same one (the web app computes the same).
 */
export async function fingerprintFileAt(path: string): Promise<string> {
  const { size } = await stat(path);
  const edge = FINGERPRINT_EDGE_BYTES;
  const head = await readRange(path, 0, Math.min(edge, size));
  const tailStart = Math.max(edge, size - edge);
  const tail = size > edge ? await readRange(path, tailStart, size - tailStart) : Buffer.alloc(0);
  const hash = createHash('sha256').update(head).update(tail).digest('hex');
  return `${size}:${hash}`;
}

export type RemoteUploadOptions = {
  client: RemoteClient;
  jobId: string;
  path: string;
  /** Start the edit as soon as the whole video has arrived (the server does it). */
  startWhenDone: boolean;
  /** Go on with this unfinished upload (its absolute URL) rather than a new one. */
  resumeUrl?: string | undefined;
  /** The upload's URL, as soon as the server made it: keep it to resume after a crash. */
  onUploadUrl?: (url: string) => void;
  onProgress?: (sent: number, total: number) => void;
  onReconnecting?: (error: Error) => void;
  /** Bytes per PATCH request; 50 MB unless given (tests send small pieces to stop midway). */
  chunkSize?: number | undefined;
};

function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return !(status >= 400 && status < 500 && status !== 409 && status !== 423);
}

function toRemoteError(error: Error): RemoteError {
  if (error instanceof DetailedError && error.originalResponse) {
    const response = error.originalResponse;
    let body: unknown = response.getBody();
    try {
      body = JSON.parse(String(body)) as unknown;
    } catch {
      // not JSON: the status says enough
    }
    return remoteErrorOf(response.getStatus(), body);
  }
  return new RemoteError(0, undefined, `The upload stopped: ${error.message}`);
}

export type RemoteUpload = { done: Promise<void>; abort: () => Promise<void> };

/** Starts sending the file; `done` settles once the server has all of it, or refused it. */
export async function sendFileResumably(options: RemoteUploadOptions): Promise<RemoteUpload> {
  const { client } = options;
  const fingerprint = await fingerprintFileAt(options.path);
  let upload: Upload | undefined;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(createReadStream(options.path), {
      // NOTE: the endpoint too when resuming: an upload the server no longer has (expired after
      // 24 hours) is then made again in the same edit instead of failing.
      endpoint: `${client.baseUrl}${resumableUploadsPath(options.jobId)}`,
      ...(options.resumeUrl ? { uploadUrl: options.resumeUrl } : {}),
      headers: { Authorization: `Bearer ${client.token}` },
      metadata: {
        [RESUMABLE_METADATA.fileName]: basename(options.path),
        [RESUMABLE_METADATA.fileType]: 'video/mp4',
        [RESUMABLE_METADATA.fingerprint]: fingerprint,
        ...(options.startWhenDone ? { [RESUMABLE_METADATA.start]: '1' } : {}),
      },
      // NOTE: 50 MB requests: a lost connection costs at most one request's bytes, and the
      // offset the server stored is asked for before going on.
      chunkSize: options.chunkSize ?? DEFAULT_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (upload?.url) options.onUploadUrl?.(upload.url);
      },
      onShouldRetry: (error) => {
        const retry = worthRetrying(error);
        if (retry) options.onReconnecting?.(error);
        return retry;
      },
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onSuccess: () => resolve(),
      onError: (error) => reject(toRemoteError(error)),
    });
    upload.start();
  });
  return { done, abort: async () => upload?.abort() };
}
