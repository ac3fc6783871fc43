// A streamed zip of stored files: STORE method (mp4s do not compress), CRC-32 computed on the
// way through and written in a data descriptor, ZIP64 records when an entry, an offset or the
// entry count outgrows the classic format. Sizes are known up front (stat), so the exact length
// of the archive is known before the first byte and served as Content-Length.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { MediaStorage } from './media-storage.ts';
import { sanitizeFileName } from './storage-keys.ts';

export type ZipEntryInput = { name: string; key: string };

export type ZipStreamOptions = {
  /** Writes ZIP64 records even for small archives (tests exercise the ZIP64 path with it). */
  forceZip64?: boolean;
};

export type ZipStream = {
  stream: Readable;
  /** Exact archive length in bytes. */
  size: number;
  entries: { name: string; key: string; size: number }[];
};

export class ZipEntryMissingError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`A file of this download no longer exists: ${key}`);
    this.name = 'ZipEntryMissingError';
    this.key = key;
  }
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const ZIP64_EXTRA = 4 + 24;
const ZIP64_EOCD = 56;
const ZIP64_LOCATOR = 20;
const EOCD = 22;
const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; UTF-8 names

type PlannedEntry = {
  name: Buffer;
  displayName: string;
  key: string;
  size: number;
  offset: number;
  zip64: boolean;
  dosTime: number;
  dosDate: number;
};

/** Unique, safe names inside the archive: "clip.mp4", "clip (2).mp4". */
export function uniqueEntryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = sanitizeFileName(raw, 'file');
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

function dosDateTime(mtimeMs: number): { dosTime: number; dosDate: number } {
  const d = new Date(mtimeMs);
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    dosTime: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const descriptorLength = (entry: PlannedEntry): number => (entry.zip64 ? 24 : 16);

function localHeader(entry: PlannedEntry): Buffer {
  const b = Buffer.alloc(LOCAL_HEADER);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // STORE
  b.writeUInt16LE(entry.dosTime, 10);
  b.writeUInt16LE(entry.dosDate, 12);
  // crc and sizes stay 0: they follow the data in the descriptor (flag bit 3)
  b.writeUInt16LE(entry.name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, entry.name]);
}

function dataDescriptor(entry: PlannedEntry, crc: number): Buffer {
  const b = Buffer.alloc(descriptorLength(entry));
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (entry.zip64) {
    b.writeBigUInt64LE(BigInt(entry.size), 8);
    b.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    b.writeUInt32LE(entry.size, 8);
    b.writeUInt32LE(entry.size, 12);
  }
  return b;
}

function centralHeader(entry: PlannedEntry, crc: number): Buffer {
  const b = Buffer.alloc(CENTRAL_HEADER);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  b.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(entry.dosTime, 12);
  b.writeUInt16LE(entry.dosDate, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 20);
  b.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 24);
  b.writeUInt16LE(entry.name.length, 28);
  b.writeUInt16LE(entry.zip64 ? ZIP64_EXTRA : 0, 30);
  b.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  b.writeUInt32LE(entry.zip64 ? MAX32 : entry.offset, 42);
  if (!entry.zip64) return Buffer.concat([b, entry.name]);
  const extra = Buffer.alloc(ZIP64_EXTRA);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(entry.size), 4);
  extra.writeBigUInt64LE(BigInt(entry.size), 12);
  extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  return Buffer.concat([b, entry.name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number, zip64: boolean): Buffer {
  const parts: Buffer[] = [];
  if (zip64) {
    const rec = Buffer.alloc(ZIP64_EOCD);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(BigInt(ZIP64_EOCD - 12), 4);
    rec.writeUInt16LE((3 << 8) | 45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cdSize), 40);
    rec.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(ZIP64_LOCATOR);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(rec, locator);
  }
  const eocd = Buffer.alloc(EOCD);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? MAX16 : count, 8);
  eocd.writeUInt16LE(zip64 ? MAX16 : count, 10);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdSize, 12);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdOffset, 16);
  parts.push(eocd);
  return Buffer.concat(parts);
}

/**
 * Stats every entry (a missing one throws ZipEntryMissingError before anything is sent), then
 * returns the archive as a stream with its exact size.
 */
export async function streamZip(
  storage: MediaStorage,
  inputs: ZipEntryInput[],
  options: ZipStreamOptions = {},
): Promise<ZipStream> {
  const names = uniqueEntryNames(inputs.map((input) => input.name));
  const planned: PlannedEntry[] = [];
  let offset = 0;
  for (const [index, input] of inputs.entries()) {
    const stored = await storage.stat(input.key);
    if (!stored) throw new ZipEntryMissingError(input.key);
    const name = Buffer.from(names[index] ?? 'file', 'utf8');
    const zip64 = options.forceZip64 === true || stored.size >= MAX32 || offset >= MAX32;
    const entry: PlannedEntry = {
      name,
      displayName: names[index] ?? 'file',
      key: input.key,
      size: stored.size,
      offset,
      zip64,
      ...dosDateTime(stored.mtimeMs),
    };
    planned.push(entry);
    offset += LOCAL_HEADER + name.length + stored.size + descriptorLength(entry);
  }
  const cdOffset = offset;
  const cdSize = planned.reduce(
    (sum, e) => sum + CENTRAL_HEADER + e.name.length + (e.zip64 ? ZIP64_EXTRA : 0),
    0,
  );
  const zip64 =
    options.forceZip64 === true ||
    planned.some((e) => e.zip64) ||
    planned.length >= MAX16 ||
    cdOffset >= MAX32 ||
    cdSize >= MAX32;
  const size = cdOffset + cdSize + (zip64 ? ZIP64_EOCD + ZIP64_LOCATOR : 0) + EOCD;

  async function* generate(): AsyncGenerator<Buffer> {
    const crcs: number[] = [];
    for (const entry of planned) {
      yield localHeader(entry);
      let crc = 0;
      let length = 0;
      for await (const chunk of storage.createReadStream(entry.key, undefined, 1024 * 1024)) {
        const buffer = chunk as Buffer;
        crc = crc32(buffer, crc);
        length += buffer.length;
        if (length > entry.size) break;
        yield buffer;
      }
      if (length !== entry.size) {
        throw new Error(`${entry.key} changed size while being zipped`);
      }
      crcs.push(crc);
      yield dataDescriptor(entry, crc);
    }
    yield Buffer.concat(planned.map((entry, i) => centralHeader(entry, crcs[i] ?? 0)));
    yield endRecords(planned.length, cdOffset, cdSize, zip64);
  }

  return {
    stream: Readable.from(generate(), { objectMode: false }),
    size,
    entries: planned.map((e) => ({ name: e.displayName, key: e.key, size: e.size })),
  };
}
