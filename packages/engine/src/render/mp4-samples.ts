// The picture samples of an .mp4/.mov, read straight from the file: where each one is, its size,
// and the parameter sets. Smart cut's copied parts are these bytes, turned into an H.264 stream
// (Annex B) on their way into the join, so they are read once and written once, with no ffmpeg
// run and no part file between.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { EngineError } from '../types.ts';
import { lastAtOrBefore } from './sorted-frames.ts';

export type Mp4VideoIndex = {
  /** Byte offset and size of every picture sample, in decode order. */
  offsets: Float64Array;
  sizes: Uint32Array;
  /** Sample indices that are sync samples (keyframes), sorted; null when every sample is. */
  sync: readonly number[] | null;
  /** Bytes of each NAL unit's length prefix. */
  lengthSize: number;
  /** The SPS and PPS NAL units from the sample description (avcC). */
  parameterSets: Uint8Array[];
  /** Sample duration / timescale: seconds a picture lasts (the same for all). */
  frameS: number;
};

type Box = { type: string; start: number; end: number };

/** The boxes directly inside `data[start, end)`. */
function boxes(data: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}

const child = (data: Uint8Array, box: Box | undefined, type: string): Box | undefined =>
  box && boxes(data, box.start, box.end).find((b) => b.type === type);

/** The top-level moov box's bytes (it may come before or after the media). */
async function readMoov(file: FileHandle, fileSize: number): Promise<Uint8Array | null> {
  const header = new Uint8Array(16);
  let at = 0;
  while (at + 8 <= fileSize) {
    await file.read(header, 0, 16, at);
    const view = new DataView(header.buffer);
    let size = view.getUint32(0);
    if (size === 1) size = Number(view.getBigUint64(8));
    else if (size === 0) size = fileSize - at;
    const type = String.fromCharCode(...header.subarray(4, 8));
    if (size < 8) return null;
    if (type === 'moov') {
      // NOTE: a moov of over 256 MB is no file this app renders; refuse rather than hold it.
      if (size > 256 * 2 ** 20) return null;
      const moov = new Uint8Array(size);
      await file.read(moov, 0, size, at);
      return moov;
    }
    at += size;
  }
  return null;
}

/**
 * The video track's index, or null when the file is not one this reader copies exactly: not an
 * .mp4/.mov, no single H.264 track with an avcC, pictures of unequal length, or an edit list
 * that moves or trims the picture (frame n must be sample n).
 */
export async function readMp4VideoIndex(path: string): Promise<Mp4VideoIndex | null> {
  const file = await open(path, 'r');
  try {
    const moov = await readMoov(file, (await file.stat()).size);
    if (!moov) return null;
    const video = boxes(moov, 8, moov.length)
      .filter((b) => b.type === 'trak')
      .filter((trak) => {
        const hdlr = child(moov, child(moov, trak, 'mdia'), 'hdlr');
        return (
          hdlr && String.fromCharCode(...moov.subarray(hdlr.start + 8, hdlr.start + 12)) === 'vide'
        );
      });
    if (video.length !== 1) return null;
    return parseTrack(moov, video[0]!);
  } finally {
    await file.close();
  }
}

function parseTrack(data: Uint8Array, trak: Box): Mp4VideoIndex | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number) => view.getUint32(at);
  const elst = child(data, child(data, trak, 'edts'), 'elst');
  if (elst && !plainEditList(view, elst)) return null;
  const mdia = child(data, trak, 'mdia');
  const mdhd = child(data, mdia, 'mdhd');
  const stbl = child(data, child(data, mdia, 'minf'), 'stbl');
  const stsd = child(data, stbl, 'stsd');
  const [stts, stsz, stsc] = ['stts', 'stsz', 'stsc'].map((t) => child(data, stbl, t));
  const stco = child(data, stbl, 'stco') ?? child(data, stbl, 'co64');
  if (!mdhd || !stsd || !stts || !stsz || !stsc || !stco || u32(stsd.start + 4) !== 1) return null;
  const entry = boxes(data, stsd.start + 8, stsd.end)[0];
  if (entry?.type !== 'avc1' && entry?.type !== 'avc3') return null;
  // NOTE: a visual sample entry's fields take 78 bytes before its own boxes.
  const avcC = child(data, { ...entry, start: entry.start + 78 }, 'avcC');
  const timescale = u32(mdhd.start + (data[mdhd.start] === 1 ? 20 : 12));
  if (!avcC || u32(stts.start + 4) !== 1 || !(timescale > 0)) return null;
  const count = u32(stsz.start + 8);
  const fixedSize = u32(stsz.start + 4);
  const sizes = new Uint32Array(count);
  for (let i = 0; i < count; i++) sizes[i] = fixedSize || u32(stsz.start + 12 + 4 * i);
  const offsets = sampleOffsets(view, stsc, stco, sizes);
  if (!offsets) return null;
  const stss = child(data, stbl, 'stss');
  // NOTE: the format keeps sync samples in increasing order, so look-ups can bisect them.
  const sync = stss
    ? Array.from({ length: u32(stss.start + 4) }, (_, i) => u32(stss.start + 8 + 4 * i) - 1)
    : null;
  const avc = avcParameters(data.subarray(avcC.start, avcC.end));
  if (!avc) return null;
  return { offsets, sizes, sync, ...avc, frameS: u32(stts.start + 12) / timescale };
}

/** An edit list that shows the media from its start at normal speed (one edit, time 0). */
function plainEditList(view: DataView, elst: Box): boolean {
  const version = view.getUint8(elst.start);
  if (view.getUint32(elst.start + 4) !== 1) return false;
  const at = elst.start + 8;
  const mediaTime = version === 1 ? Number(view.getBigInt64(at + 8)) : view.getInt32(at + 4);
  return mediaTime === 0;
}

/** Every sample's byte offset, from the chunk map (stsc) and the chunk offsets (stco/co64). */
function sampleOffsets(
  view: DataView,
  stsc: Box,
  stco: Box,
  sizes: Uint32Array,
): Float64Array | null {
  const wide = stco.type === 'co64';
  const chunks = view.getUint32(stco.start + 4);
  const chunkOffset = (c: number) =>
    wide
      ? Number(view.getBigUint64(stco.start + 8 + 8 * c))
      : view.getUint32(stco.start + 8 + 4 * c);
  const runs = view.getUint32(stsc.start + 4);
  const offsets = new Float64Array(sizes.length);
  let sample = 0;
  for (let r = 0; r < runs; r++) {
    const at = stsc.start + 8 + 12 * r;
    const firstChunk = view.getUint32(at) - 1;
    const perChunk = view.getUint32(at + 4);
    const nextFirst = r + 1 < runs ? view.getUint32(at + 12) - 1 : chunks;
    for (let c = firstChunk; c < nextFirst; c++) {
      let offset = chunkOffset(c);
      for (let k = 0; k < perChunk && sample < sizes.length; k++, sample++) {
        offsets[sample] = offset;
        offset += sizes[sample]!;
      }
    }
  }
  return sample === sizes.length ? offsets : null;
}

/** NAL length size and SPS/PPS units from an avcC record. */
function avcParameters(
  avcC: Uint8Array,
): Pick<Mp4VideoIndex, 'lengthSize' | 'parameterSets'> | null {
  if (avcC.length < 7 || avcC[0] !== 1) return null;
  const lengthSize = (avcC[4]! & 3) + 1;
  const parameterSets: Uint8Array[] = [];
  let at = 5;
  for (const mask of [0x1f, 0xff]) {
    const n = avcC[at++]! & mask;
    for (let i = 0; i < n; i++) {
      const size = (avcC[at]! << 8) | avcC[at + 1]!;
      parameterSets.push(avcC.subarray(at + 2, at + 2 + size));
      at += 2 + size;
    }
  }
  return at <= avcC.length ? { lengthSize, parameterSets } : null;
}

const START_CODE = Uint8Array.of(0, 0, 0, 1);
const READ_RUN_BYTES = 1 << 20;

const unreadable = () =>
  new EngineError('corrupt_file', 'A part of the video could not be read. Upload it again.');

/** One sample's NAL units with start codes in place of their length prefixes. */
export function toAnnexB(sample: Uint8Array, lengthSize: number): Uint8Array {
  const lengths: number[] = [];
  for (let at = 0; at < sample.length;) {
    if (at + lengthSize > sample.length) throw unreadable();
    let n = 0;
    for (let k = 0; k < lengthSize; k++) n = n * 256 + sample[at + k]!;
    lengths.push(n);
    at += lengthSize + n;
    if (at > sample.length) throw unreadable();
  }
  // NOTE: with 4-byte lengths (nearly every file) the start codes go over them, in place.
  const out =
    lengthSize === 4 ? sample : new Uint8Array(sample.length + lengths.length * (4 - lengthSize));
  let from = 0;
  let to = 0;
  for (const n of lengths) {
    out.set(START_CODE, to);
    if (out !== sample) out.set(sample.subarray(from + lengthSize, from + lengthSize + n), to + 4);
    from += lengthSize + n;
    to += 4 + n;
  }
  return out;
}

/**
 * Pictures [first, end) as an H.264 stream (Annex B): the parameter sets first, so the part
 * decodes after pictures encoded with others, then each sample as it is read.
 */
export async function* annexBSamples(
  file: FileHandle,
  index: Mp4VideoIndex,
  first: number,
  end: number,
): AsyncGenerator<Uint8Array> {
  for (const set of index.parameterSets) yield* [START_CODE, set];
  const { offsets, sizes } = index;
  // NOTE: pictures that lie one after another in the file are read together (a chunk of them,
  // up to READ_RUN_BYTES): one read per picture cost more than the copying for small frames.
  for (let i = first; i < end;) {
    let next = i + 1;
    let bytes = sizes[i]!;
    while (
      next < end &&
      offsets[next] === offsets[next - 1]! + sizes[next - 1]! &&
      bytes + sizes[next]! <= READ_RUN_BYTES
    ) {
      bytes += sizes[next]!;
      next++;
    }
    const run = new Uint8Array(bytes);
    const { bytesRead } = await file.read(run, 0, bytes, offsets[i]);
    if (bytesRead !== bytes) throw unreadable();
    if (index.lengthSize === 4) {
      // NOTE: start codes take the length prefixes' place, so the run stays the same bytes long.
      for (let at = 0; i < next; at += sizes[i++]!) toAnnexB(run.subarray(at, at + sizes[i]!), 4);
      yield run;
    } else {
      for (let at = 0; i < next; at += sizes[i++]!) {
        yield toAnnexB(run.subarray(at, at + sizes[i]!), index.lengthSize);
      }
    }
  }
}

/** The last sync sample (keyframe) at or before `frame`: where decoding it must start. */
export function syncAtOrBefore(index: Mp4VideoIndex, frame: number): number {
  if (index.sync === null) return frame;
  const at = lastAtOrBefore(index.sync, frame);
  if (at === undefined) throw unreadable();
  return at;
}

/** Whether the index can give pictures [first, end) of a render at `fps` exactly. */
export function copiesExactly(
  index: Mp4VideoIndex,
  fps: number,
  parts: readonly { first: number; end: number }[],
): boolean {
  if (Math.abs(index.frameS * fps - 1) > 1e-3) return false;
  return parts.every(
    (p) =>
      p.end <= index.sizes.length &&
      (index.sync === null || lastAtOrBefore(index.sync, p.first) === p.first),
  );
}
