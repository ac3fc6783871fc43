// Writes one multipart file part to a temporary file: its first bytes checked before anything is
// stored, its size held to the limit and the room left, its progress reported, a trickle stopped.
import type { MultipartFile } from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../errors/http-error.ts';
import { DEFAULT_MIN_UPLOAD_RATE } from '../config-storage.ts';
import type { MinUploadRate } from '../config-storage.ts';
import {
  UPLOAD_MESSAGES,
  looksLikeMp4,
  notMp4Error,
  tooLargeMessage,
  tooSlowMessage,
} from './upload-checks.ts';
import { watchUploadRate } from './upload-rate.ts';

export const DEFAULT_PROGRESS_INTERVAL_MS = 250;

export type UploadProgress = { bytesWritten: number; expectedSize: number | undefined };

export type UploadTarget = {
  key: string;
  /**
   * The room left for this file (the user's storage quota): the stream is cut with `error()` the
   * moment the file grows past it, so an upload without Content-Length cannot overshoot either.
   */
  room?: { bytes: number; error(): Error };
};

export type UploadWriteOptions = {
  /** At most every `progressIntervalMs`; a rejection aborts the upload with that error. */
  onProgress?(progress: UploadProgress): Promise<void> | void;
  progressIntervalMs?: number;
  /** A body slower than this is stopped with 408 (DEFAULT_MIN_UPLOAD_RATE when unset). */
  minRate?: MinUploadRate;
};

export async function writePart(
  part: MultipartFile,
  tempPath: string,
  maxBytes: number,
  start: () => Promise<UploadTarget['room']>,
  expectedSize: number | undefined,
  options: UploadWriteOptions,
): Promise<number> {
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  let bytesWritten = 0;
  let lastReport = 0;
  let pending: Promise<void> | undefined;
  let progressError: Error | undefined;

  const report = (): void => {
    if (!options.onProgress || pending) return;
    const now = Date.now();
    if (now - lastReport < interval) return;
    lastReport = now;
    const expected = expectedSize === undefined ? undefined : Math.max(expectedSize, bytesWritten);
    pending = Promise.resolve()
      .then(() => options.onProgress?.({ bytesWritten, expectedSize: expected }))
      .catch((error: unknown) => {
        progressError ??= error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        pending = undefined;
      });
  };

  part.file.once('limit', () => {
    part.file.destroy(new HttpError(413, tooLargeMessage(maxBytes)));
  });

  const rate = options.minRate ?? DEFAULT_MIN_UPLOAD_RATE;
  const watch = watchUploadRate(rate, () => {
    part.file.destroy(new HttpError(408, tooSlowMessage(rate)));
  });

  async function* checkAndCount(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLength = 0;
    let started = false;
    let room: UploadTarget['room'];
    const chunks = source[Symbol.asyncIterator]();
    for (;;) {
      // NOTE: only the wait for the client's next bytes counts against its rate.
      watch.waiting();
      const next = await chunks.next();
      if (next.done) break;
      watch.received(next.value.length);
      let chunk = next.value;
      if (progressError !== undefined) throw progressError;
      if (!started) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength < 8) continue;
        const first = Buffer.concat(head);
        head = [];
        if (!looksLikeMp4(first)) {
          part.file.resume();
          throw notMp4Error(first);
        }
        room = await start();
        started = true;
        chunk = first;
      }
      bytesWritten += chunk.length;
      if (room && bytesWritten > room.bytes) {
        part.file.resume();
        throw room.error();
      }
      yield chunk;
      report();
    }
    if (!started) {
      throw headLength === 0
        ? new HttpError(400, UPLOAD_MESSAGES.empty)
        : notMp4Error(Buffer.concat(head));
    }
  }

  const out = createWriteStream(tempPath);
  try {
    await pipeline(part.file, checkAndCount, out);
  } finally {
    watch.stop();
    await pending;
    // WARNING: on an error pipeline settles before the file stream has closed; if its open was
    // still pending, the caller's discard ran first and the open then left the temp file behind.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  }
  if (progressError !== undefined) throw progressError;
  if (part.file.truncated) throw new HttpError(413, tooLargeMessage(maxBytes));
  return bytesWritten;
}
