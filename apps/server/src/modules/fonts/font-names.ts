import { readFile } from 'node:fs/promises';

// Reads the family name libass matches a font file by: name ID 1 of the Windows platform (3) in
// the OpenType `name` table. fontconfig also reads the Mac names, so `fc-list` can show another.

const WINDOWS = 3;
const FAMILY = 1;

/** The Windows family name (name ID 1) of a TrueType/OpenType file, or undefined. */
export async function readWindowsFamily(file: string): Promise<string | undefined> {
  const data = await readFile(file);
  const tables = data.readUInt16BE(4);
  for (let i = 0; i < tables; i += 1) {
    const entry = 12 + i * 16;
    if (data.toString('latin1', entry, entry + 4) !== 'name') continue;
    const table = data.readUInt32BE(entry + 8);
    const count = data.readUInt16BE(table + 2);
    const strings = table + data.readUInt16BE(table + 4);
    for (let j = 0; j < count; j += 1) {
      const record = table + 6 + j * 12;
      if (data.readUInt16BE(record) !== WINDOWS || data.readUInt16BE(record + 6) !== FAMILY)
        continue;
      const length = data.readUInt16BE(record + 8);
      const start = strings + data.readUInt16BE(record + 10);
      return data
        .subarray(start, start + length)
        .swap16()
        .toString('utf16le');
    }
  }
  return undefined;
}
