// What a video upload is checked against, and the messages that tell the user what to do.
import { EMPTY_FILE_MESSAGE, notMp4Message, sniffFileKind } from '@roughcut/shared';
import { HttpError } from '../errors/http-error.ts';
import type { MinUploadRate } from '../config-storage.ts';

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

export function toHttpError(error: unknown, maxBytes: number): unknown {
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
