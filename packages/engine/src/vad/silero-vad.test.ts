import { describe, expect, it } from 'vitest';
import { WARM_UP_WINDOWS, planStreams, workerStreams } from './silero-vad.ts';

describe('planStreams', () => {
  it('runs a short file as one stream with nothing to warm up on', () => {
    expect(planStreams(100)).toEqual([{ first: 0, count: 100, warmUp: 0 }]);
    expect(planStreams(0)).toEqual([]);
  });

  it('splits a long file into at most 32 streams that cover every window once', () => {
    const plans = planStreams(18_750);
    expect(plans).toHaveLength(32);
    expect(plans.reduce((n, p) => n + p.count, 0)).toBe(18_750);
    plans.forEach((p, i) => {
      if (i > 0) expect(p.first).toBe(plans[i - 1]!.first + plans[i - 1]!.count);
      expect(p.warmUp).toBe(i === 0 ? 0 : WARM_UP_WINDOWS);
    });
  });
});

describe('workerStreams', () => {
  it('gives the worker none of a short file: opening its model would cost more', () => {
    expect(workerStreams(planStreams(3750), 3750)).toBe(0);
    expect(workerStreams(planStreams(500), 500)).toBe(0);
  });

  it('gives it less than half of a long file, for the time it opens its model in', () => {
    expect(workerStreams(planStreams(18_750), 18_750)).toBe(13);
    expect(workerStreams(planStreams(9375), 9375)).toBe(10);
  });

  it('never more than half, however long the file', () => {
    expect(workerStreams(planStreams(10_000_000), 10_000_000)).toBe(16);
  });
});
