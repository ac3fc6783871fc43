// Issue 35: planning a smart cut grows in a straight line with the cut, checked without a clock:
// every read of the keyframe and copy-end lists is counted, and a talk ten times longer (ten
// times the spans and the keyframes) may cost about ten times the reads (with room for a binary
// search's log), where a scan of every keyframe per span costs a hundred times.
import { describe, expect, it } from 'vitest';
import { tailReads } from './copy-ends.ts';
import { planSmartCut } from './smart-cut-parts.ts';
import { keyframeIn, lastWithin } from './sorted-frames.ts';
import type { FrameSpan } from '../frames/spans.ts';

const MOST_GROWTH = 25;

/** A list whose every read (an index or its length) is counted. */
const counted = (values: number[], counter: { reads: number }): number[] =>
  new Proxy(values, {
    get(target, key, receiver) {
      counter.reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });

/** `minutes` of 30 fps video with a keyframe every 2 s and a kept span of 5 s every 7 s. */
function planReads(minutes: number): number {
  const frames = minutes * 60 * 30;
  const counter = { reads: 0 };
  const keyframes = counted(
    Array.from({ length: frames / 60 }, (_, i) => i * 60),
    counter,
  );
  const spans: FrameSpan[] = [];
  for (let first = 7; first + 150 < frames; first += 210) spans.push({ first, end: first + 150 });
  const reads = tailReads(spans, keyframes);
  const copyEnds = counted(
    reads.flatMap((r) => [r.keyframe, r.keyframe + 3]),
    counter,
  );
  const parts = planSmartCut(spans, keyframes, { copyTails: false, copyEnds });
  expect(parts.length).toBeGreaterThanOrEqual(spans.length);
  return counter.reads;
}

describe('smart cut planning at scale', () => {
  it('finds each span its keyframes by binary search', () => {
    expect(keyframeIn([0, 60, 120], { first: 61, end: 121 })).toBe(120);
    expect(keyframeIn([0, 60, 120], { first: 61, end: 120 })).toBeUndefined();
    expect(lastWithin([0, 60, 120], 60, 119)).toBe(60);
    expect(lastWithin([0, 60, 120], 60, 120)).toBe(120);
    expect(lastWithin([0, 60, 120], 61, 100)).toBe(61);
  });

  it('reads the keyframes a number of times in line with the cut', () => {
    expect(planReads(60) / planReads(6)).toBeLessThan(MOST_GROWTH);
  });
});
