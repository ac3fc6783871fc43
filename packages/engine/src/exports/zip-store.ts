// A small zip of text files held in memory (an export split over several files, such as an EDL
// past 999 events): STORE method, sizes and CRC-32 in the local headers, UTF-8 names, and a fixed
// date so the same export is the same bytes every time (its cache key and its tests rely on it).
import { crc32 } from 'node:zlib';

export type ZipFile = { name: string; text: string };

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
const MAX32 = 0xffffffff;

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
 * The archive's bytes. WARNING: no ZIP64: it throws past 65,535 files or 4 GB, far beyond any
 * timeline export (a 4-hour edit's EDL parts are a few megabytes).
 */
export function zipStore(files: readonly ZipFile[]): Uint8Array {
  if (files.length > MAX16) throw new RangeError(`too many files for a zip: ${files.length}`);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const crc = crc32(data);
    // version needed 2.0, flags, method 0 (stored), time, date, crc, sizes, name length, extra 0
    const common: [number, 2 | 4][] = [
      [UTF8_NAMES, 2],
      [0, 2],
      [DOS_TIME, 2],
      [DOS_DATE, 2],
      [crc, 4],
      [data.length, 4],
      [data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = header(LOCAL, [[20, 2], ...common]);
    parts.push(local, name, data);
    // version made by 2.0, version needed, the common fields, comment 0, disk 0, attributes 0
    const entry = header(CENTRAL, [
      [20, 2],
      [20, 2],
      ...common,
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 4],
      [offset, 4],
    ]);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
    if (offset > MAX32) throw new RangeError('the files are too large for a zip without ZIP64');
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = header(END, [
    [0, 2],
    [0, 2],
    [files.length, 2],
    [files.length, 2],
    [centralSize, 4],
    [offset, 4],
    [0, 2],
  ]);
  return Buffer.concat([...parts, ...central, end]);
}
