import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { layoutZip, readStoredZip } from './zip-layout.ts';
import { zipStore } from './zip-store.ts';

describe('layoutZip', () => {
  it('places each entry after its header and the directory after the last', () => {
    const data = [Buffer.from('one'), Buffer.alloc(70_000, 7)];
    const layout = layoutZip([
      { name: 'a.edl', size: data[0]!.length, crc: crc32(data[0]!) },
      { name: 'vidéo.mp4', size: data[1]!.length, crc: crc32(data[1]!) },
    ]);
    const bytes = Buffer.concat([
      layout.locals[0]!,
      data[0]!,
      layout.locals[1]!,
      data[1]!,
      layout.tail,
    ]);
    expect(bytes.length).toBe(layout.size);
    const read = readStoredZip(bytes);
    expect(read.map((e) => e.name)).toEqual(['a.edl', 'vidéo.mp4']);
    expect(Buffer.from(read[1]!.data).equals(data[1]!)).toBe(true);
  });

  it('reads back what zipStore wrote, and refuses what is not a zip', () => {
    const files = [
      { name: 'talk-part1.edl', text: 'TITLE: one\n' },
      { name: 'talk-part2.edl', text: 'TITLE: two\n' },
    ];
    const read = readStoredZip(zipStore(files));
    expect(read.map((e) => [e.name, Buffer.from(e.data).toString('utf8')])).toEqual(
      files.map((f) => [f.name, f.text]),
    );
    expect(() => readStoredZip(Buffer.from('TITLE: not a zip'))).toThrow(RangeError);
  });

  it('refuses sizes a zip without ZIP64 cannot hold', () => {
    expect(() => layoutZip([{ name: 'big.mp4', size: 2 ** 32, crc: 0 }])).toThrow(RangeError);
  });
});
