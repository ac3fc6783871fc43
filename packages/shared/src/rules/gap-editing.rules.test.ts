import { describe, expect, it } from 'vitest';
import type { Gap } from '../contracts/clip.contract.ts';
import {
  clipKeptSpans,
  defaultCut,
  gapKind,
  holesBetween,
  isFillerGap,
  mergeGaps,
  totalLength,
} from './gap-editing.rules.ts';

const gaps: Gap[] = [
  { id: 'gap-0', start: 0, end: 1 },
  { id: 'gap-1', start: 3, end: 4 },
  { id: 'gap-2', start: 8, end: 9.5 },
];
describe('playback', () => {
  it('merges gaps touching within 0.1 s', () => {
    expect(
      mergeGaps([
        { start: 5, end: 6 },
        { start: 1, end: 2 },
        { start: 2.1, end: 3 },
        { start: 3.15, end: 4 },
      ]),
    ).toEqual([
      { start: 1, end: 3 },
      { start: 3.15, end: 4 },
      { start: 5, end: 6 },
    ]);
  });
});

describe('kept spans (the one function of preview, progress and render)', () => {
  const window = { start: 0, end: 10 };

  it('is the window minus the gaps', () => {
    expect(clipKeptSpans(window, gaps)).toEqual([
      { start: 1, end: 3 },
      { start: 4, end: 8 },
      { start: 9.5, end: 10 },
    ]);
    expect(clipKeptSpans(window, [])).toEqual([window]);
    expect(clipKeptSpans(window, [{ start: 0, end: 10 }])).toEqual([]);
    expect(clipKeptSpans({ start: 5, end: 5 }, [])).toEqual([]);
  });

  it('clamps gaps to the window and ignores gaps outside it', () => {
    expect(
      clipKeptSpans({ start: 2, end: 6 }, [
        { start: 0, end: 3 },
        { start: 5, end: 9 },
        { start: 7, end: 8 },
      ]),
    ).toEqual([{ start: 3, end: 5 }]);
  });

  it('joins gaps within 0.1 s, as playback does, and drops slivers at the edges', () => {
    expect(
      clipKeptSpans(window, [
        { start: 2, end: 3 },
        { start: 3.1, end: 4 },
        { start: 6, end: 9.95 },
      ]),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 6 },
    ]);
    expect(clipKeptSpans(window, [{ start: 0.05, end: 1 }])).toEqual([{ start: 1, end: 10 }]);
    // Just over the tolerance stays.
    expect(clipKeptSpans(window, [{ start: 0.12, end: 1 }])).toEqual([
      { start: 0, end: 0.12 },
      { start: 1, end: 10 },
    ]);
  });

  it('does not depend on the order of the gaps', () => {
    const shuffled = [...gaps].reverse();
    expect(clipKeptSpans(window, shuffled)).toEqual(clipKeptSpans(window, gaps));
  });
});

describe('preview helpers', () => {
  it('finds the holes a preview skips and totals lengths', () => {
    const spans = [
      { start: 1, end: 3 },
      { start: 5, end: 7 },
    ];
    expect(holesBetween(spans)).toEqual([{ start: 3, end: 5 }]);
    expect(totalLength(spans)).toBe(4);
  });
});

describe('fillers on the timeline', () => {
  const silence = { id: 'gap-1', start: 0, end: 1 };
  const um = { id: 'gap-2', start: 2, end: 2.3, kind: 'filler' as const };
  const uh = { id: 'gap-3', start: 4, end: 4.25, kind: 'filler' as const };

  it('reads a gap without a kind as a silence', () => {
    expect([gapKind(silence), gapKind(um), isFillerGap(silence), isFillerGap(uh)]).toEqual([
      'silence',
      'filler',
      false,
      true,
    ]);
  });

  it('starts a clip with its fillers cut only when the edit asks for it', () => {
    expect(defaultCut([silence, um, uh], false)).toEqual([silence]);
    expect(defaultCut([silence, um, uh], true)).toEqual([silence, um, uh]);
    // The kept spans honour a removed filler like any gap.
    expect(clipKeptSpans({ start: 0, end: 5 }, defaultCut([silence, um], true))).toEqual([
      { start: 1, end: 2 },
      { start: 2.3, end: 5 },
    ]);
  });
});
