import { describe, expect, it } from 'vitest';
import { alignedIndices } from './quality-metrics.ts';
import { consensusHearing, countSteady, toOutputTime } from './word-retention.ts';

const words = (text: string) => text.split(' ');
const SPOKEN = words('Keep every word and cut only the quiet parts.');

describe('consensusHearing', () => {
  it('takes the hearing that agrees most with the others', () => {
    const a = words('keep every word and cut only the quiet parts');
    const b = words('keep everywhere then cut only the quiet parts');
    const c = words('keep every word and cut only a quiet part');
    expect(consensusHearing([b, a, c])).toBe(a);
    expect(consensusHearing([])).toEqual([]);
  });
});

describe('alignedIndices', () => {
  it('gives where the words heard right stand in the spoken text', () => {
    expect(alignedIndices(words('keep everywhere then cut only the quiet parts'), SPOKEN)).toEqual([
      0, 4, 5, 6, 7, 8,
    ]);
  });
});

describe('countSteady', () => {
  const right = words('keep every word and cut only the quiet parts');
  const flipped = words('keep everywhere then cut only the quiet parts');

  it('counts only the words every hearing of the source heard right', () => {
    // "every word and" is heard right twice in three: a flip, counted neither way.
    const count = countSteady([[right, flipped, right]], [flipped], [SPOKEN]);
    expect(count).toEqual({ heard: 6, retained: 6 });
  });

  it('counts a word the cut removed as lost', () => {
    const clipped = words('every word and cut only the quiet parts');
    const count = countSteady([[right, right, right]], [clipped], [SPOKEN]);
    expect(count).toEqual({ heard: 9, retained: 8 });
  });
});

describe('toOutputTime', () => {
  it('maps a source time through the kept spans played back to back', () => {
    const keep = [
      { start: 1, end: 2 },
      { start: 3, end: 5 },
    ];
    expect(toOutputTime(0.5, keep)).toBe(0);
    expect(toOutputTime(1.5, keep)).toBe(0.5);
    expect(toOutputTime(2.5, keep)).toBe(1);
    expect(toOutputTime(4, keep)).toBe(2);
    expect(toOutputTime(6, keep)).toBe(3);
  });
});
