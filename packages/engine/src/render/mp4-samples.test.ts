import { describe, expect, it } from 'vitest';
import { copiesExactly, toAnnexB } from './mp4-samples.ts';
import type { Mp4VideoIndex } from './mp4-samples.ts';

describe('toAnnexB', () => {
  it('puts start codes over 4-byte lengths, in place', () => {
    const sample = Uint8Array.of(0, 0, 0, 2, 0x65, 0xaa, 0, 0, 0, 1, 0x06);
    const out = toAnnexB(sample, 4);
    expect(out).toBe(sample);
    expect([...out]).toEqual([0, 0, 0, 1, 0x65, 0xaa, 0, 0, 0, 1, 0x06]);
  });
  it('widens shorter lengths to 4-byte start codes', () => {
    expect([...toAnnexB(Uint8Array.of(0, 2, 0x65, 0xaa, 0, 1, 0x06), 2)]).toEqual([
      ...[0, 0, 0, 1, 0x65, 0xaa, 0, 0, 0, 1, 0x06],
    ]);
  });
  it('refuses a sample whose lengths overrun it', () => {
    expect(() => toAnnexB(Uint8Array.of(0, 0, 0, 9, 0x65), 4)).toThrow(/could not be read/);
  });
});

describe('copiesExactly', () => {
  const index = {
    offsets: new Float64Array(90),
    sizes: new Uint32Array(90),
    sync: [0, 30, 60],
    lengthSize: 4,
    parameterSets: [],
    frameS: 1 / 30,
  } satisfies Mp4VideoIndex;
  it('needs each copy to start on a sync sample, inside the file, at the render rate', () => {
    expect(copiesExactly(index, 30, [{ first: 30, end: 90 }])).toBe(true);
    expect(copiesExactly(index, 30, [{ first: 31, end: 60 }])).toBe(false);
    expect(copiesExactly(index, 30, [{ first: 60, end: 91 }])).toBe(false);
    expect(copiesExactly(index, 25, [{ first: 30, end: 60 }])).toBe(false);
    expect(copiesExactly({ ...index, sync: null }, 30, [{ first: 31, end: 60 }])).toBe(true);
  });
});
