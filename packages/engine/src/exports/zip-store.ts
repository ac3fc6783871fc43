// A small zip of text files held in memory (an export split over several files, such as an EDL
// past 999 events), laid out by zip-layout.ts: STORE method, a fixed date, so the same export is
// the same bytes every time (its cache key and its tests rely on it).
import { crc32 } from 'node:zlib';
import { layoutZip } from './zip-layout.ts';

export { ZIP_SIGNATURE } from './zip-layout.ts';

export type ZipFile = { name: string; text: string };

/** The archive's bytes. WARNING: no ZIP64 (zip-layout.ts), far beyond any timeline export. */
export function zipStore(files: readonly ZipFile[]): Uint8Array {
  const data = files.map((file) => Buffer.from(file.text, 'utf8'));
  const layout = layoutZip(
    files.map((file, i) => ({ name: file.name, size: data[i]!.length, crc: crc32(data[i]!) })),
  );
  return Buffer.concat([...layout.locals.flatMap((local, i) => [local, data[i]!]), layout.tail]);
}
