// What a chosen file is, read from its first bytes, so a file that is not an .mp4 video is named
// for what it is ("This file is text, …") before anything is made, by the browser and the server
// alike. A name ending in .mp4 says nothing: the bytes decide.

/** How many leading bytes `sniffFileKind` needs to tell every kind below apart. */
export const FILE_KIND_HEAD_BYTES = 512;

export const EMPTY_FILE_MESSAGE = 'The file is empty. Please upload an .mp4 video.';

// ISO base media (mp4) files open with a box; real-world files start with one of these.
const MP4_FIRST_BOXES = new Set([
  'ftyp',
  'styp',
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'pdin',
  'sidx',
  'moof',
]);

export type FileKind =
  | { kind: 'mp4' }
  | { kind: 'empty' }
  /** Binary that none of the known signatures match. */
  | { kind: 'unknown' }
  /** `what` completes "This file is …": "text", "a PNG image". */
  | { kind: 'other'; what: string; video: boolean };

const ascii = (head: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...head.subarray(start, Math.min(end, head.length)));

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const SIGNATURES: readonly { bytes: number[]; at?: number; what: string; video?: boolean }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { bytes: [0x49, 0x44, 0x33], what: 'an MP3 audio file' },
  { bytes: [0xff, 0xfb], what: 'an MP3 audio file' },
  { bytes: [0x4f, 0x67, 0x67, 0x53], what: 'an Ogg audio or video file' },
  { bytes: [0x66, 0x4c, 0x61, 0x43], what: 'a FLAC audio file' },
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], what: 'a WebM or Matroska (.mkv) video', video: true },
  { bytes: [0x46, 0x4c, 0x56, 0x01], what: 'a Flash (.flv) video', video: true },
  { bytes: [0x00, 0x00, 0x01, 0xba], what: 'an MPEG program stream video', video: true },
  { bytes: [0x30, 0x26, 0xb2, 0x75], what: 'a Windows Media (.wmv) video', video: true },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
  { bytes: [0x4d, 0x5a], what: 'a program' },
];

function riffKind(head: Uint8Array): string | undefined {
  if (ascii(head, 0, 4) !== 'RIFF') return undefined;
  const form = ascii(head, 8, 12);
  if (form === 'AVI ') return 'an AVI video';
  if (form === 'WAVE') return 'a WAV audio file';
  if (form === 'WEBP') return 'a WebP image';
  return 'a RIFF file';
}

/** Plain text: valid UTF-8 (a cut-off last character allowed) with no control bytes. */
function looksLikeText(head: Uint8Array): boolean {
  let i = 0;
  while (i < head.length) {
    const b = head[i] ?? 0;
    if (b < 0x80) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
      if (b === 0x7f) return false;
      i += 1;
      continue;
    }
    const length = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= head.length) return true;
      const next = head[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return false;
    }
    i += length;
  }
  return true;
}

/** The kind of file whose first bytes (ideally FILE_KIND_HEAD_BYTES of them) are `head`. */
export function sniffFileKind(head: Uint8Array): FileKind {
  if (head.length === 0) return { kind: 'empty' };
  if (head.length >= 8 && MP4_FIRST_BOXES.has(ascii(head, 4, 8))) return { kind: 'mp4' };
  for (const signature of SIGNATURES) {
    if (startsWith(head, signature.bytes, signature.at)) {
      return { kind: 'other', what: signature.what, video: signature.video === true };
    }
  }
  const riff = riffKind(head);
  if (riff) return { kind: 'other', what: riff, video: riff.includes('video') };
  if (head[0] === 0x47 && head.length >= 189 && head[188] === 0x47) {
    return { kind: 'other', what: 'an MPEG transport stream (.ts) video', video: true };
  }
  const bomless = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  if (looksLikeText(bomless)) return { kind: 'other', what: 'text', video: false };
  return { kind: 'unknown' };
}

/**
 * The refusal for a file that is not an .mp4 video, saying what it is and what to do; undefined
 * for an .mp4. "This file is text, not a video: choose an .mp4 video".
 */
export function notMp4Message(kind: FileKind): string | undefined {
  if (kind.kind === 'mp4') return undefined;
  if (kind.kind === 'empty') return EMPTY_FILE_MESSAGE;
  if (kind.kind === 'unknown')
    return 'This file is not a video Roughcut can read: choose an .mp4 video';
  if (kind.video) {
    return `This file is ${kind.what}, not an .mp4: convert it to .mp4 first, or choose an .mp4 video`;
  }
  return `This file is ${kind.what}, not a video: choose an .mp4 video`;
}
