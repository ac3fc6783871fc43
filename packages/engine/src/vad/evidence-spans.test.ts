import { describe, expect, it } from 'vitest';
import {
  intersectSpans,
  mergeSpans,
  smoothLevels,
  soundRuns,
  subtractSpans,
  voiceSpans,
} from './evidence-spans.ts';

describe('span arithmetic', () => {
  it('merges, subtracts and intersects spans', () => {
    expect(
      mergeSpans(
        [
          { start: 2, end: 3 },
          { start: 0, end: 1 },
          { start: 1.05, end: 1.5 },
        ],
        0.1,
      ),
    ).toEqual([
      { start: 0, end: 1.5 },
      { start: 2, end: 3 },
    ]);
    expect(subtractSpans([{ start: 0, end: 4 }], [{ start: 1, end: 2 }])).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 4 },
    ]);
    expect(
      intersectSpans(
        [
          { start: 0, end: 2 },
          { start: 3, end: 5 },
        ],
        [{ start: 1, end: 4 }],
      ),
    ).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 4 },
    ]);
  });
});

describe('voiceSpans', () => {
  it('starts at 0.5, holds down to 0.35 and bridges pauses under 100 ms', () => {
    const prob = Float32Array.from([0.1, 0.6, 0.4, 0.36, 0.2, 0.9, 0.1, 0.1, 0.1, 0.1, 0.7, 0.1]);
    const spans = voiceSpans({ frameS: 0.032, prob }, 0.5, 0.35);
    expect(spans.map((s) => [+s.start.toFixed(3), +s.end.toFixed(3)])).toEqual([
      [0.032, 0.192],
      [0.32, 0.352],
    ]);
  });
});

describe('levels', () => {
  it('smooths over about 100 ms, so a 20 ms click is no sustained sound', () => {
    const db = new Float32Array(100).fill(-80);
    db.fill(-10, 20, 22);
    db.fill(-20, 50, 80);
    const levels = smoothLevels({ frameS: 0.01, db });
    expect(levels[21]!).toBeLessThan(-17);
    const runs = soundRuns(levels, 0.01, -30, 0.25);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.start).toBeCloseTo(0.46, 2);
  });
});
