import { describe, expect, it } from 'vitest';
import { ExampleLimiter, LimiterRejectedError } from './example-limiter.ts';

type Gate = { promise: Promise<string>; open: (value: string) => void; signal?: AbortSignal };

/** A task that finishes when the test opens it, or rejects when its signal aborts. */
function gate(): Gate & { task: (signal: AbortSignal) => Promise<string> } {
  let open!: (value: string) => void;
  const g: Gate & { task: (signal: AbortSignal) => Promise<string> } = {
    promise: Promise.resolve(''),
    open: (value) => open(value),
    task: (signal) => {
      g.signal = signal;
      g.promise = new Promise<string>((resolve, reject) => {
        open = resolve;
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
      return g.promise;
    },
  };
  return g;
}

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof LimiterRejectedError ? error.reason : (error as Error).message;
  }
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the example image limiter', () => {
  it('runs a bounded number at once and the rest in arrival order', async () => {
    const limiter = new ExampleLimiter({ maxRunning: 2, maxWaiting: 10 });
    const never = new AbortController().signal;
    const [a, b, c] = [gate(), gate(), gate()];
    const ra = limiter.run('ann', never, a.task);
    const rb = limiter.run('bob', never, b.task);
    const rc = limiter.run('cat', never, c.task);
    await settle();
    expect([limiter.running, limiter.waiting]).toEqual([2, 1]);
    expect(c.signal).toBeUndefined();
    a.open('a');
    expect(await ra).toBe('a');
    await settle();
    expect(c.signal).toBeDefined();
    b.open('b');
    c.open('c');
    expect([await rb, await rc]).toEqual(['b', 'c']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it("replaces a user's older preview instead of refusing anyone", async () => {
    const limiter = new ExampleLimiter({ maxRunning: 1, maxWaiting: 1 });
    const never = new AbortController().signal;
    const drags = [gate(), gate(), gate(), gate()];
    const first = limiter.run('ann', never, drags[0]!.task);
    await settle();
    const other = gate();
    const bob = limiter.run('bob', never, other.task);
    const later = drags.slice(1).map((g) => limiter.run('ann', never, g.task));
    // The running one is aborted, the waiting ones are replaced; bob keeps his place.
    expect(await reasonOf(first)).toBe('aborted');
    expect(await reasonOf(later[0]!)).toBe('superseded');
    expect(await reasonOf(later[1]!)).toBe('superseded');
    await settle();
    other.open('bob');
    expect(await bob).toBe('bob');
    await settle();
    drags[3]!.open('latest');
    expect(await later[2]!).toBe('latest');
  });

  it('answers busy only when every slot and the waiting room are taken', async () => {
    const limiter = new ExampleLimiter({ maxRunning: 1, maxWaiting: 1 });
    const never = new AbortController().signal;
    const [a, b] = [gate(), gate()];
    const ra = limiter.run('ann', never, a.task);
    const rb = limiter.run('bob', never, b.task);
    expect(await reasonOf(limiter.run('cat', never, gate().task))).toBe('busy');
    a.open('a');
    await ra;
    await settle();
    b.open('b');
    await rb;
  });

  it('forgets a waiting preview whose request went away', async () => {
    const limiter = new ExampleLimiter({ maxRunning: 1, maxWaiting: 5 });
    const never = new AbortController().signal;
    const a = gate();
    const ra = limiter.run('ann', never, a.task);
    const gone = new AbortController();
    const rb = limiter.run('bob', gone.signal, gate().task);
    gone.abort();
    expect(await reasonOf(rb)).toBe('aborted');
    expect(limiter.waiting).toBe(0);
    a.open('a');
    expect(await ra).toBe('a');
  });
});
