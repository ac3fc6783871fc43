// The bytes around a zip's entries, for STORE archives whose entries' sizes and CRC-32s are known
// before they are written: each entry's local header, the central directory and its end. Sizes and
// CRC-32 go in the local headers (no data descriptors), names are UTF-8 and the date is fixed, so
// one archive is the same bytes every time and a reader that streams it (no central directory
// first) finds every size where it looks. Shared by the in-memory zip of an EDL's lists and the
// streamed zip of a timeline with its video.

export type ZipEntryHead = { name: string; size: number; crc: number };

/** Each entry's local header (name included), then the tail; `size` is the whole archive's. */
export type ZipLayout = { locals: Buffer[]; tail: Buffer; size: number };

/** The 4 bytes every zip starts with (a local file header): how a reader tells one from text. */
export const ZIP_SIGNATURE = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** Bit 11: the names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** 1980-01-01 00:00, the earliest date a zip can hold. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
const MAX16 = 0xffff;
/** The largest size or offset a zip without ZIP64 holds. */
export const ZIP_MAX_BYTES = 0xffffffff;

function header(signature: number, fields: readonly [number, 2 | 4][]): Buffer {
  const size = 4 + fields.reduce((sum, [, bytes]) => sum + bytes, 0);
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [value, bytes] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value, at);
    at += bytes;
  }
  return buffer;
}

/**
 * The layout of a STORE archive of `entries`, in order. WARNING: no ZIP64: it throws past 65,535
 * entries or 4 GB (an upload is at most 1 GB; a timeline a few megabytes).
 */
export function layoutZip(entries: readonly ZipEntryHead[]): ZipLayout {
  if (entries.length > MAX16) throw new RangeError(`too many files for a zip: ${entries.length}`);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // version needed 2.0, flags, method 0 (stored), time, date, crc, sizes, name length, extra 0
    const common: [number, 2 | 4][] = [
      [UTF8_NAMES, 2],
      [0, 2],
      [DOS_TIME, 2],
      [DOS_DATE, 2],
      [entry.crc >>> 0, 4],
      [entry.size, 4],
      [entry.size, 4],
      [name.length, 2],
      [0, 2],
    ];
    if (entry.size > ZIP_MAX_BYTES) throw new RangeError('a file is too large for a zip');
    locals.push(Buffer.concat([header(LOCAL, [[20, 2], ...common]), name]));
    // version made by 2.0, version needed, the common fields, comment 0, disk 0, attributes 0
    const centralHead = header(CENTRAL, [
      [20, 2],
      [20, 2],
      ...common,
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 4],
      [offset, 4],
    ]);
    central.push(centralHead, name);
    offset += locals.at(-1)!.length + entry.size;
    if (offset > ZIP_MAX_BYTES) throw new RangeError('the files are too large for one zip');
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = header(END, [
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [centralSize, 4],
    [offset, 4],
    [0, 2],
  ]);
  const tail = Buffer.concat([...central, end]);
  return { locals, tail, size: offset + tail.length };
}

export type StoredZipEntry = { name: string; data: Uint8Array };

/**
 * The entries of a STORE archive held in memory, read from its central directory: the zips this
 * module lays out (an EDL's lists), opened again to be put beside a video. Throws on anything else.
 */
export function readStoredZip(bytes: Uint8Array): StoredZipEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const endAt = view.lastIndexOf(header(END, []).subarray(0, 4));
  if (endAt < 0 || endAt + 22 > view.length) throw new RangeError('not a zip: no directory end');
  const count = view.readUInt16LE(endAt + 10);
  let at = view.readUInt32LE(endAt + 16);
  const entries: StoredZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (view.readUInt32LE(at) !== CENTRAL) throw new RangeError('not a zip: bad directory entry');
    if (view.readUInt16LE(at + 10) !== 0) throw new RangeError('a zip entry is compressed');
    const size = view.readUInt32LE(at + 20);
    const nameLength = view.readUInt16LE(at + 28);
    const extraLength = view.readUInt16LE(at + 30);
    const commentLength = view.readUInt16LE(at + 32);
    const localAt = view.readUInt32LE(at + 42);
    const name = view.toString('utf8', at + 46, at + 46 + nameLength);
    const localName = view.readUInt16LE(localAt + 26);
    const localExtra = view.readUInt16LE(localAt + 28);
    const dataAt = localAt + 30 + localName + localExtra;
    if (dataAt + size > view.length) throw new RangeError('not a zip: an entry runs past its end');
    entries.push({ name, data: view.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
