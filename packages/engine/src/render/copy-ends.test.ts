import { describe, expect, it } from 'vitest';
import { buildCopyEndsProbeArgs, parseCopyEnds, tailReads } from './copy-ends.ts';
import { planSmartCut } from './smart-cut-parts.ts';

/** Packets as ffprobe prints them: shown times in decode order, the first a keyframe. */
const packetsJson = (groups: { key: number; shown: number[] }[], fps = 30) =>
  JSON.stringify({
    packets: groups.flatMap((g) =>
      g.shown.map((f, i) => ({ pts_time: ((g.key + f) / fps).toFixed(6), flags: i ? '__' : 'K_' })),
    ),
  });

describe('tailReads', () => {
  it('reads from the last keyframe inside each span up to its end', () => {
    expect(
      tailReads(
        [
          { first: 10, end: 75 },
          { first: 80, end: 90 },
          { first: 100, end: 120 },
        ],
        [0, 30, 60, 90, 120],
      ),
    ).toEqual([{ keyframe: 60, packets: 15 }]);
  });
});

describe('buildCopyEndsProbeArgs', () => {
  it('seeks a quarter frame past each keyframe on the file clock and counts packets', () => {
    const reads = [
      { keyframe: 60, packets: 15 },
      { keyframe: 150, packets: 4 },
    ];
    expect(buildCopyEndsProbeArgs('in.mp4', reads, 30, 1.4)).toEqual([
      ...['-select_streams', 'v:0', '-read_intervals', '3.408333%+#15,6.408333%+#4'],
      ...['-show_entries', 'packet=pts_time,flags', '-of', 'json', '--', 'in.mp4'],
    ]);
  });
});

describe('parseCopyEnds', () => {
  it('ends after each anchor and the B-frames shown before it', () => {
    // I P B B P B B, shown I B B P B B P.
    const json = packetsJson([{ key: 60, shown: [0, 3, 1, 2, 6, 4, 5] }]);
    expect(parseCopyEnds(json, [{ keyframe: 60, packets: 7 }], 30)).toEqual([60, 61, 64, 67]);
  });
  it('needs the whole run: a reference B-frame alone is no end (B-pyramid)', () => {
    // I P Bref b b: shown 0 4 2 1 3.
    const json = packetsJson([{ key: 0, shown: [0, 4, 2, 1, 3] }]);
    expect(parseCopyEnds(json, [{ keyframe: 0, packets: 5 }], 30)).toEqual([0, 1, 5]);
  });
  it('takes each read in turn', () => {
    const json = packetsJson([
      { key: 30, shown: [0, 2, 1] },
      { key: 90, shown: [0, 1] },
    ]);
    const reads = [
      { keyframe: 30, packets: 3 },
      { keyframe: 90, packets: 2 },
    ];
    expect(parseCopyEnds(json, reads, 30)).toEqual([30, 31, 33, 90, 91, 92]);
  });
  it('gives nothing for reads that do not start on a keyframe', () => {
    const json = JSON.stringify({ packets: [{ pts_time: '1.0', flags: '__' }] });
    expect(parseCopyEnds(json, [{ keyframe: 30, packets: 1 }], 30)).toEqual([]);
  });
});

describe('planSmartCut with copy ends', () => {
  it('copies the last group up to its last end before the cut, and encodes only the rest', () => {
    const spans = [{ first: 10, end: 75 }];
    expect(
      planSmartCut(spans, [0, 30, 60, 90], { copyTails: false, copyEnds: [60, 64, 67, 73] }),
    ).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 73 },
      { kind: 'encode', first: 73, end: 75 },
    ]);
  });
  it('encodes the whole last group when no end was found for it', () => {
    expect(
      planSmartCut([{ first: 10, end: 75 }], [0, 30, 60, 90], { copyTails: false, copyEnds: [] }),
    ).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 60 },
      { kind: 'encode', first: 60, end: 75 },
    ]);
  });
  it('copies a tail that ends exactly on an end', () => {
    expect(
      planSmartCut([{ first: 30, end: 64 }], [0, 30, 60], { copyTails: false, copyEnds: [60, 64] }),
    ).toEqual([{ kind: 'copy', first: 30, end: 64 }]);
  });
});
