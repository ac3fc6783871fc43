import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, MAX_RETRY_DELAY_MS, nextAttemptDelayMs } from './webhook-backoff.rules.ts';

const HOUR = 60 * 60 * 1000;

describe('nextAttemptDelayMs', () => {
  it('doubles the wait after each failure from the base', () => {
    const delays = [1, 2, 3, 4].map((attempts) =>
      nextAttemptDelayMs({ attempts, firstAttemptAt: 0, now: 0, baseMs: 30_000 }),
    );
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('caps one wait at six hours', () => {
    expect(nextAttemptDelayMs({ attempts: 12, firstAttemptAt: 0, now: HOUR, baseMs: 30_000 })).toBe(
      MAX_RETRY_DELAY_MS,
    );
  });

  it('spreads the attempts over 24 hours, the last one on the mark, then stops', () => {
    let now = 0;
    const times: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const delay = nextAttemptDelayMs({ attempts, firstAttemptAt: 0, now, baseMs: 30_000 });
      if (delay === undefined) break;
      now += delay;
      times.push(now);
    }
    expect(times.at(-1)).toBe(24 * HOUR);
    expect(times.length).toBeGreaterThan(10);
    expect(times.length).toBeLessThan(MAX_ATTEMPTS);
    expect(times.slice(0, -1).every((t) => t < 24 * HOUR)).toBe(true);
  });

  it('stops after the attempt bound when the base is zero', () => {
    expect(nextAttemptDelayMs({ attempts: 3, firstAttemptAt: 0, now: 5, baseMs: 0 })).toBe(0);
    expect(
      nextAttemptDelayMs({ attempts: MAX_ATTEMPTS, firstAttemptAt: 0, now: 5, baseMs: 0 }),
    ).toBeUndefined();
  });
});
