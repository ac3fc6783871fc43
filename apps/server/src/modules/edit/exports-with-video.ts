// "With the source video": a timeline export and the uploaded video side by side in one zip, so an
// editor opening the timeline from the unzipped folder finds the video where its relative link
// says (beside it). The zip is STORE (video does not compress), its size known before the first
// byte (content-length, a download's progress), and streamed: the video is read from storage as
// it is sent, never held whole. An EDL split over several lists goes in as those lists.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { layoutZip, readStoredZip } from '../../engine-adapter/exports.adapter.ts';
import type { ZipEntryHead } from '../../engine-adapter/exports.adapter.ts';
import { fileNamePart } from '../../storage/storage-keys.ts';

/** A file to send: its bytes as a stream, known in size. */
export type SendableFile = { stream: Readable; size: number; fileName: string; mimeType: string };

type VideoFile = { path: string; name: string };

const READ_CHUNK_BYTES = 256 * 1024;
/** CRC-32s of recent videos (an upload never changes once stored), by path, size and time. */
const CRC_MEMO_SIZE = 32;
const crcMemo = new Map<string, number>();

async function crcOf(handle: FileHandle, memoKey: string): Promise<number> {
  const known = crcMemo.get(memoKey);
  if (known !== undefined) return known;
  let crc = 0;
  for await (const chunk of handle.createReadStream({
    start: 0,
    autoClose: false,
    highWaterMark: READ_CHUNK_BYTES,
  })) {
    crc = crc32(chunk as Buffer, crc);
  }
  crcMemo.set(memoKey, crc);
  if (crcMemo.size > CRC_MEMO_SIZE) crcMemo.delete(crcMemo.keys().next().value!);
  return crc;
}

/** The timeline's files: the lists of a zipped EDL, or the one file. */
async function timelineEntries(
  timeline: { handle: FileHandle; fileName: string; mimeType: string },
  stem: string,
): Promise<{ name: string; data: Uint8Array }[]> {
  const bytes = await timeline.handle.readFile();
  if (timeline.mimeType !== 'application/zip') return [{ name: timeline.fileName, data: bytes }];
  return readStoredZip(bytes).map((entry) => ({
    name: `${stem} - ${fileNamePart(entry.name)}`,
    data: entry.data,
  }));
}

async function* zipBytes(
  layout: ReturnType<typeof layoutZip>,
  texts: readonly Uint8Array[],
  video: FileHandle,
  videoSize: number,
): AsyncGenerator<Uint8Array> {
  for (const [i, data] of texts.entries()) {
    yield layout.locals[i]!;
    yield data;
  }
  yield layout.locals[texts.length]!;
  let sent = 0;
  for await (const chunk of video.createReadStream({
    start: 0,
    ...(videoSize > 0 ? { end: videoSize - 1 } : {}),
    autoClose: false,
    highWaterMark: READ_CHUNK_BYTES,
  })) {
    sent += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
  // WARNING: the headers promised this many bytes; a shorter file would make a broken zip.
  if (sent !== videoSize) throw new Error(`the video changed while it was zipped (${sent} bytes)`);
  yield layout.tail;
}

/**
 * The zip of `timeline` (closed here) and `video`, named `zipName`. The video goes in under its
 * own name: the timeline's relative link is that name.
 */
export async function zipWithVideo(
  timeline: { handle: FileHandle; fileName: string; mimeType: string },
  video: VideoFile,
  zipName: string,
): Promise<SendableFile> {
  let texts: { name: string; data: Uint8Array }[];
  try {
    texts = await timelineEntries(timeline, zipName.replace(/\.zip$/, ''));
  } finally {
    await timeline.handle.close();
  }
  const handle = await open(video.path, 'r');
  try {
    const info = await handle.stat();
    const crc = await crcOf(handle, `${video.path}\n${info.size}\n${info.mtimeMs}`);
    const entries: ZipEntryHead[] = [
      ...texts.map((t) => ({ name: t.name, size: t.data.length, crc: crc32(t.data) })),
      { name: fileNamePart(video.name), size: info.size, crc },
    ];
    const layout = layoutZip(entries);
    const data = texts.map((t) => t.data);
    const stream = Readable.from(zipBytes(layout, data, handle, info.size), { objectMode: false });
    // NOTE: on the stream's close, not in the generator: a download dropped before its first read
    // never enters the generator, so its own cleanup would never run.
    stream.once('close', () => void handle.close().catch(() => undefined));
    return { stream, size: layout.size, fileName: zipName, mimeType: 'application/zip' };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
