import { describe, expect, it, vi } from 'vitest';
import { createClaimKeeper } from './claim-keeper.ts';

describe('createClaimKeeper', () => {
  it('refreshes the claim on progress, at most once per interval and one at a time', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      let finish: () => void = () => undefined;
      const refresh = vi.fn((name: string, id: string, retry: number) => {
        calls.push(`${name}/${id}/${retry}`);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      });
      const keep = createClaimKeeper(
        refresh,
        { jobName: 'render-job', id: 'j1', retryCount: 2 },
        10_000,
        () => undefined,
      );
      keep();
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(10_000);
      keep();
      keep();
      expect(calls).toEqual(['render-job/j1/2']);
      vi.advanceTimersByTime(10_000);
      keep();
      expect(calls).toHaveLength(1);
      finish();
      await vi.runAllTimersAsync();
      vi.advanceTimersByTime(10_000);
      keep();
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failed refresh without throwing', async () => {
    const errors: unknown[] = [];
    const keep = createClaimKeeper(
      () => Promise.reject(new Error('db down')),
      { jobName: 'analyse-job', id: 'j2', retryCount: 0 },
      0,
      (error) => errors.push(error),
    );
    keep();
    await new Promise((resolve) => setImmediate(resolve));
    expect(String(errors[0])).toContain('db down');
  });
});
