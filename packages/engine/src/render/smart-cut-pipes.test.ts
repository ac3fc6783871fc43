import { describe, expect, it } from 'vitest';
import type { Mp4VideoIndex } from './mp4-samples.ts';
import { keyframesBefore, pipesPay } from './smart-cut-pipes.ts';

/** A source of `pictures` pictures of `size` bytes with a keyframe every `gop`. */
function index(pictures: number, size: number, gop: number): Mp4VideoIndex {
  const sync: number[] = [];
  for (let i = 0; i < pictures; i += gop) sync.push(i);
  return {
    offsets: new Float64Array(pictures).map((_, i) => i * size),
    sizes: new Uint32Array(pictures).fill(size),
    sync,
    lengthSize: 4,
    parameterSets: [],
    frameS: 1 / 30,
  };
}

const parts = (firsts: number[]) =>
  firsts.map((first) => ({
    part: { kind: 'encode' as const, first, end: first + 40 },
    outPath: '',
  }));

function pays(source: Mp4VideoIndex, firsts: number[]): boolean {
  const items = parts(firsts);
  return pipesPay(source, items, keyframesBefore(source, items));
}

describe('pipesPay', () => {
  it('lets a short 1080p source be opened by each run (its index is small, its pictures big)', () => {
    expect(pays(index(18_000, 48_000, 60), [100, 1_000, 5_030, 9_050])).toBe(false);
  });
  it('pipes the pictures of a long source, whose index each opening reads whole', () => {
    expect(pays(index(108_000, 48_000, 60), [100, 1_000, 5_030, 9_050])).toBe(true);
    expect(pays(index(432_000, 1_500, 60), [100])).toBe(true);
  });
  it('counts the pictures from the keyframe before each part, which the decoder needs too', () => {
    // 20 pictures before the part and its 40: 60 x 800 = 48 kB piped against 1,000 x 50 = 50 kB.
    expect(pays(index(1_000, 800, 60), [20])).toBe(true);
    expect(pays(index(1_000, 900, 60), [20])).toBe(false);
  });
});
