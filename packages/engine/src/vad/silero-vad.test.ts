import { describe, expect, it } from 'vitest';
import { WARM_UP_WINDOWS, planStreams } from './silero-vad.ts';

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
