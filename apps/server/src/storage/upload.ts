// Streams one multipart video upload into storage: never held in memory, progress reported while
// it arrives, size and type checked, and nothing replaced unless the whole file arrived.
import type { Multipart } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@roughcut/shared';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors/http-error.ts';
import type { MediaStorage } from './media-storage.ts';
import { sanitizeFileName } from './storage-keys.ts';
import {
  UPLOAD_MESSAGES,
  estimateMultipartOverhead,
  isAcceptedVideo,
  tooLargeMessage,
  toHttpError,
} from './upload-checks.ts';
import { writePart } from './upload-write.ts';
import type { UploadTarget, UploadWriteOptions } from './upload-write.ts';

/** Room for the multipart boundaries and part headers around the file in Content-Length. */
export const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;

export type UploadStart = {
  /** The client's file name, sanitised (no path, no control characters). */
  fileName: string;
  mimeType: string;
  /** Bytes expected, from Content-Length less the multipart framing; undefined when chunked. */
  expectedSize: number | undefined;
};

export type ReceiveUploadOptions = UploadWriteOptions & {
  storage: MediaStorage;
  /**
   * Called once the file's name, type and first bytes have passed the checks, before anything is
   * stored: create or reset the asset here and return the key the file will be stored under. If
   * receiveUpload throws after this, the caller marks that asset failed (or removes it).
   */
  onStart(start: UploadStart): Promise<UploadTarget> | UploadTarget;
  maxBytes?: number;
};

export type ReceivedUpload = { key: string; fileName: string; mimeType: string; size: number };

function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
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
