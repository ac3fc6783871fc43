// Storage keys and file names. A key is a relative, '/'-separated path below the storage root
// whose every segment is made of portable characters, so user-supplied names can never climb out
// of the root or collide with the temp folder.
import { withoutUnstorableCharacters } from '@roughcut/shared';

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_SEGMENT = 120;
/**
 * Room a stored file's name leaves for a sidecar's suffix (a video's burned subtitle script is kept
 * as `<video key>.ass`). WARNING: without it a long clip title made a key whose script did not fit,
 * and that render failed after its video was stored.
 */
export const SIDECAR_SUFFIX_ROOM = 4;
const MAX_DISPLAY_NAME_BYTES = 200;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless `key` is a clean relative key (no '..', no leading dot, no empty segments). */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every((s) => s.length <= MAX_KEY_SEGMENT && KEY_SEGMENT.test(s) && s !== '..');
  if (!valid) throw new InvalidStorageKeyError(key);
}

export function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1 || name.length - dot > 12) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

function truncateBytes(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL_OR_RESERVED = /[\u0000-\u001f\u007f-\u009f<>:"|?*\u2028\u2029]/g;
/**
 * Invisible characters that change how a name reads or hide in it: bidi overrides, embeddings,
 * isolates and marks (a right-to-left override makes "clip\u202E4pm.exe" read as
 * "clipexe.mp4"), zero-width space, word joiner, BOM and annotation marks. Zero-width (non-)
 * joiners stay: some scripts need them.
 */
const INVISIBLE_FORMAT =
  /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;

/**
 * A user-visible file name that is safe in a Content-Disposition header and on any file system:
 * the last path component only, no control, reserved or text-direction characters, no leading
 * dots, at most 200 bytes with the extension kept. Unicode letters are kept (RFC 5987 carries
 * them).
 */
export function sanitizeFileName(name: string, fallback = 'video.mp4'): string {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // NOTE: a name from a file is not typed: what XML or PostgreSQL cannot hold is dropped, not refused.
  const cleaned = withoutUnstorableCharacters(base)
    .replace(INVISIBLE_FORMAT, '')
    .replace(/\s+/g, ' ')
    .replace(CONTROL_OR_RESERVED, '')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (cleaned === '') return fallback;
  const [stem, ext] = splitExtension(cleaned);
  const kept = truncateBytes(stem, MAX_DISPLAY_NAME_BYTES - Buffer.byteLength(ext)).trim();
  return kept === '' ? fallback : `${kept}${ext}`;
}

/**
 * A user's text (an edit's name, a clip's title) as part of a file name: each '/' and '\' becomes
 * '-'. WARNING: sanitizeFileName keeps only a path's last part (an upload's name may carry its
 * folder), so a name made with "Q1/Q2 review" in it would otherwise start at "Q2 review".
 */
export const fileNamePart = (text: string): string => text.replace(/[/\\]/g, '-');

/** A single key segment derived from a display name: ASCII letters, digits, '.', '_' and '-'. */
export function toStorageName(name: string, fallback = 'file'): string {
  const display = sanitizeFileName(name, fallback);
  const [stem, ext] = splitExtension(display);
  const ascii = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[._-]+|[._-]+$/g, '');
  const safeExt = ascii(ext.slice(1)).toLowerCase();
  const safeStem =
    ascii(stem).slice(0, MAX_KEY_SEGMENT - SIDECAR_SUFFIX_ROOM - 1 - safeExt.length) || fallback;
  const segment = safeExt ? `${safeStem}.${safeExt}` : safeStem;
  return KEY_SEGMENT.test(segment) ? segment : fallback;
}

/** `jobs/<jobId>/<assetId>/<file name>`; ids must already be key-safe (uuids, numbers). */
export function jobAssetKey(jobId: string, assetId: string, fileName: string): string {
  const key = `${jobPrefix(jobId)}/${assetId}/${toStorageName(fileName)}`;
  assertStorageKey(key);
  return key;
}

/** Everything stored for one job, for `deletePrefix` when the job is deleted. */
export function jobPrefix(jobId: string): string {
  const prefix = `jobs/${jobId}`;
  assertStorageKey(prefix);
  return prefix;
}
