// What the browser can tell of a chosen file before sending it: what it is (from its first
// bytes), and a fingerprint (its size and a digest of its first and last megabyte) that tells a
// paused upload's file from another one with the same name.
import {
  FILE_KIND_HEAD_BYTES,
  FINGERPRINT_EDGE_BYTES,
  notMp4Message,
  sniffFileKind,
} from '@roughcut/shared';
import { sha256Hex } from './sha256.ts';

const bytesOf = async (blob: Blob): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await blob.arrayBuffer());

/** The refusal for a file that is not an .mp4 video ("This file is text, …"), else undefined. */
export async function notMp4Reason(file: Blob): Promise<string | undefined> {
  return notMp4Message(sniffFileKind(await bytesOf(file.slice(0, FILE_KIND_HEAD_BYTES))));
}

async function digest(data: Uint8Array<ArrayBuffer>): Promise<string> {
  // NOTE: crypto.subtle exists only in secure contexts (https, localhost); elsewhere, plain JS.
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) return sha256Hex(data);
  const hash = await subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "size:sha256(first MB + last MB)", the form the server keeps with a resumable upload. */
export async function fingerprintFile(file: Blob): Promise<string> {
  const edge = FINGERPRINT_EDGE_BYTES;
  const head = await bytesOf(file.slice(0, edge));
  const tail =
    file.size > edge
      ? await bytesOf(file.slice(Math.max(edge, file.size - edge)))
      : new Uint8Array();
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return `${file.size}:${await digest(joined)}`;
}
