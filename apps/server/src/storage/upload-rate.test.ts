import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchUploadRate } from './upload-rate.ts';

const RATE = { bytesPerSecond: 1000, windowMs: 10_000 };

describe('the minimum upload rate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const watch = () => {
    let tooSlow = 0;
    const rate = watchUploadRate(RATE, () => (tooSlow += 1), Date.now);
    return { rate, tooSlow: () => tooSlow };
  };

  it('stops a client that sends nothing for a whole window', () => {
    const { rate, tooSlow } = watch();
    rate.waiting();
    vi.advanceTimersByTime(9_999);
    expect(tooSlow()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(tooSlow()).toBe(1);
  });

  it('stops a trickle (1 byte every 10 s) and keeps a steady sender', () => {
    const slow = watch();
    const steady = watch();
    for (let second = 0; second < 30; second++) {
      slow.rate.waiting();
      steady.rate.waiting();
      vi.advanceTimersByTime(1000);
      steady.rate.received(2000);
      if (second % 10 === 9) slow.rate.received(1);
    }
    expect(slow.tooSlow()).toBe(1);
    expect(steady.tooSlow()).toBe(0);
  });

  it('does not count the time the server itself is busy against the client', () => {
    const { rate, tooSlow } = watch();
    rate.waiting();
    vi.advanceTimersByTime(1000);
    rate.received(64 * 1024);
    // Storing the chunk, reserving room: the bytes wait in the socket meanwhile.
    vi.advanceTimersByTime(120_000);
    rate.waiting();
    vi.advanceTimersByTime(10);
    rate.received(64 * 1024);
    rate.stop();
    vi.advanceTimersByTime(60_000);
    expect(tooSlow()).toBe(0);
  });

  it('is off at a rate of 0', () => {
    let tooSlow = 0;
    const rate = watchUploadRate({ bytesPerSecond: 0, windowMs: 10 }, () => (tooSlow += 1));
    rate.waiting();
    vi.advanceTimersByTime(1000);
    expect(tooSlow).toBe(0);
  });
});
