// Streams one multipart video upload into storage: never held in memory, progress reported while
// it arrives, size and type checked, and nothing replaced unless the whole file arrived.
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  EMPTY_FILE_MESSAGE,
  MAX_UPLOAD_BYTES,
  notMp4Message,
  sniffFileKind,
} from '@roughcut/shared';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../errors/http-error.ts';
import type { MediaStorage } from './media-storage.ts';
import { sanitizeFileName } from './storage-keys.ts';
import { DEFAULT_MIN_UPLOAD_RATE } from '../config.ts';
import type { MinUploadRate } from '../config.ts';
import { watchUploadRate } from './upload-rate.ts';

export const UPLOAD_MESSAGES = {
  oneFile: 'Please only upload one file',
  notMp4: 'Only .mp4 files can be edited. Please upload an .mp4 video.',
  noFile: 'Please choose an .mp4 video to upload.',
  empty: EMPTY_FILE_MESSAGE,
  notMultipart: 'Please upload the video as a multipart form with one file.',
  tooManyFields: 'The upload has too many form fields. Please send only the video file.',
  interrupted: 'The upload was interrupted. Please try again.',
} as const;

/** 'The upload was too slow (under 16 KB/s for a minute) and was stopped. …' */
export function tooSlowMessage(rate: MinUploadRate): string {
  const kb = Math.max(1, Math.round(rate.bytesPerSecond / 1024));
  const seconds = Math.round(rate.windowMs / 1000);
  const span = seconds === 60 ? 'a minute' : `${seconds} seconds`;
  return `The upload was too slow (under ${kb} KB/s for ${span}) and was stopped. Please try again on a faster connection.`;
}

/** 'Your video is larger than the 1GB upload limit. Please upload a smaller video.' */
export function tooLargeMessage(maxBytes: number): string {
  return `Your video is larger than the ${formatLimit(maxBytes)} upload limit. Please upload a smaller video.`;
}

function formatLimit(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return `${bytes} byte`;
}

/** Room for the multipart boundaries and part headers around the file in Content-Length. */
export const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;
export const DEFAULT_PROGRESS_INTERVAL_MS = 250;

export type UploadStart = {
  /** The client's file name, sanitised (no path, no control characters). */
  fileName: string;
  mimeType: string;
  /** Bytes expected, from Content-Length less the multipart framing; undefined when chunked. */
  expectedSize: number | undefined;
};

export type UploadProgress = { bytesWritten: number; expectedSize: number | undefined };

export type UploadTarget = {
  key: string;
  /**
   * The room left for this file (the user's storage quota): the stream is cut with `error()` the
   * moment the file grows past it, so an upload without Content-Length cannot overshoot either.
   */
  room?: { bytes: number; error(): Error };
};

export type ReceiveUploadOptions = {
  storage: MediaStorage;
  /**
   * Called once the file's name, type and first bytes have passed the checks, before anything is
   * stored: create or reset the asset here and return the key the file will be stored under. If
   * receiveUpload throws after this, the caller marks that asset failed (or removes it).
   */
  onStart(start: UploadStart): Promise<UploadTarget> | UploadTarget;
  /** At most every `progressIntervalMs`; a rejection aborts the upload with that error. */
  onProgress?(progress: UploadProgress): Promise<void> | void;
  maxBytes?: number;
  progressIntervalMs?: number;
  /** A body slower than this is stopped with 408 (DEFAULT_MIN_UPLOAD_RATE when unset). */
  minRate?: MinUploadRate;
};

export type ReceivedUpload = { key: string; fileName: string; mimeType: string; size: number };

/** The 415 for a file whose first bytes are not an mp4's, naming what the file is. */
export function notMp4Error(head: Buffer): HttpError {
  return new HttpError(415, notMp4Message(sniffFileKind(head)) ?? UPLOAD_MESSAGES.notMp4);
}

export const looksLikeMp4 = (head: Buffer): boolean => sniffFileKind(head).kind === 'mp4';

export function isAcceptedVideo(fileName: string, mimeType: string): boolean {
  const type = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    fileName.toLowerCase().endsWith('.mp4') &&
    (type === '' || type.startsWith('video/') || type === 'application/octet-stream')
  );
}

/** What a browser's FormData puts around one file part, to turn Content-Length into file size. */
export function estimateMultipartOverhead(
  contentType: string,
  field: string,
  fileName: string,
  mimeType: string,
): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const b = boundary?.[1] ?? boundary?.[2] ?? '';
  const head = `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mimeType}\r\n\r\n`;
  return Buffer.byteLength(head) + Buffer.byteLength(`\r\n--${b}--\r\n`);
}

function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function toHttpError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, tooLargeMessage(maxBytes));
    case 'FST_FILES_LIMIT':
      return new HttpError(400, UPLOAD_MESSAGES.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, UPLOAD_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, UPLOAD_MESSAGES.notMultipart);
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'FST_REQ_PREMATURE_CLOSE':
      return new HttpError(400, UPLOAD_MESSAGES.interrupted);
    default:
      if (/unexpected end of form|terminated early|premature close|aborted/i.test(message)) {
        return new HttpError(400, UPLOAD_MESSAGES.interrupted);
      }
      return error;
  }
}

/**
 * Receives the request's single file part into storage. Throws an HttpError with the user-facing
 * message on bad input; on any failure the partial file is removed and whatever was stored under
 * the key before is left untouched.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: ReceiveUploadOptions,
): Promise<ReceivedUpload> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.notMultipart);
  const declared = declaredLength(request);
  if (declared !== undefined && declared > maxBytes + MULTIPART_ALLOWANCE_BYTES) {
    throw new HttpError(413, tooLargeMessage(maxBytes));
  }

  const temp = await options.storage.createTempFile('.upload');
  let received: Omit<ReceivedUpload, 'key'> | undefined;
  let key: string | undefined;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      limits: { fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 40 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (received) {
        part.file.resume();
        throw new HttpError(400, UPLOAD_MESSAGES.oneFile);
      }
      const fileName = sanitizeFileName(part.filename, 'video.mp4');
      if (!isAcceptedVideo(part.filename, part.mimetype)) {
        part.file.resume();
        throw new HttpError(415, UPLOAD_MESSAGES.notMp4);
      }
      const expectedSize =
        declared === undefined
          ? undefined
          : Math.max(
              0,
              declared -
                estimateMultipartOverhead(
                  request.headers['content-type'] ?? '',
                  part.fieldname,
                  part.filename,
                  part.mimetype,
                ),
            );
      const size = await writePart(
        part,
        temp.path,
        maxBytes,
        async () => {
          const target = await options.onStart({
            fileName,
            mimeType: part.mimetype,
            expectedSize,
          });
          key = target.key;
          options.storage.resolve(key);
          return target.room;
        },
        expectedSize,
        options,
      );
      received = { fileName, mimeType: part.mimetype, size };
    }
    if (!received || key === undefined) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    await temp.commit(key);
    return { key, ...received };
  } catch (error) {
    throw toHttpError(error, maxBytes);
  } finally {
    await temp.discard();
  }
}

async function writePart(
  part: MultipartFile,
  tempPath: string,
  maxBytes: number,
  start: () => Promise<UploadTarget['room']>,
  expectedSize: number | undefined,
  options: ReceiveUploadOptions,
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
