import { describe, expect, it } from 'vitest';
import { defaultConcurrency, runPool } from './task-pool.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('runPool', () => {
  it('runs every task, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await tick();
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('stops starting tasks after a failure, aborts the running ones and throws the first error', async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const run = runPool([1, 2, 3, 4, 5], 2, async (n, signal) => {
      started.push(n);
      if (n === 1) throw new Error('part 1 failed');
      await tick();
      if (signal.aborted) aborted.push(n);
    });
    await expect(run).rejects.toThrow('part 1 failed');
    expect(started).toEqual([1, 2]);
    expect(aborted).toEqual([2]);
  });

  it('passes the caller abort on and rejects', async () => {
    const controller = new AbortController();
    const seen: boolean[] = [];
    const run = runPool(
      [1, 2, 3],
      1,
      async (_n, signal) => {
        controller.abort(new Error('cancelled'));
        await tick();
        seen.push(signal.aborted);
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow('cancelled');
    expect(seen).toEqual([true]);
  });

  it('handles no tasks and picks a sane default limit', async () => {
    await expect(runPool([], 2, () => Promise.resolve())).resolves.toBeUndefined();
    expect(defaultConcurrency()).toBeGreaterThanOrEqual(1);
    expect(defaultConcurrency()).toBeLessThanOrEqual(4);
  });
});
