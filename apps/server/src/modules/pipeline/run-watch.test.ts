import { describe, expect, it } from 'vitest';
import { throttledProgress } from './run-watch.ts';

describe('throttled progress', () => {
  it('writes at most once an interval, and nothing once stopped', async () => {
    const written: number[] = [];
    let release = () => {};
    const progress = throttledProgress(async (f) => {
      written.push(f);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    }, 60_000);
    progress.report(0.2);
    progress.report(0.5);
    expect(written).toEqual([0.2]);
    const flushed = progress.flush();
    release();
    await flushed;
    // NOTE: a stage closing stops reports first, so no write can start after its last flush
    // (on PGlite such a write would wait behind the closing transaction forever).
    progress.stop();
    progress.report(0.9);
    await progress.flush();
    expect(written).toEqual([0.2]);
  });
});
