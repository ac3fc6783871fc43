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

const confirmed = (account: string) => ({ key: account });
const unconfirmed = (account: string, address: string) => ({ key: account, sharedFrom: address });

describe('the example image limiter', () => {
  it('runs a bounded number at once and the rest in arrival order', async () => {
    const limiter = new ExampleLimiter({
      maxRunning: 2,
      maxWaiting: 10,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    const [a, b, c] = [gate(), gate(), gate()];
    const ra = limiter.run(confirmed('ann'), never, a.task);
    const rb = limiter.run(confirmed('bob'), never, b.task);
    const rc = limiter.run(confirmed('cat'), never, c.task);
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
    const limiter = new ExampleLimiter({
      maxRunning: 1,
      maxWaiting: 1,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    const drags = [gate(), gate(), gate(), gate()];
    const first = limiter.run(confirmed('ann'), never, drags[0]!.task);
    await settle();
    const other = gate();
    const bob = limiter.run(confirmed('bob'), never, other.task);
    const later = drags.slice(1).map((g) => limiter.run(confirmed('ann'), never, g.task));
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
    const limiter = new ExampleLimiter({
      maxRunning: 1,
      maxWaiting: 1,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    const [a, b] = [gate(), gate()];
    const ra = limiter.run(confirmed('ann'), never, a.task);
    const rb = limiter.run(confirmed('bob'), never, b.task);
    expect(await reasonOf(limiter.run(confirmed('cat'), never, gate().task))).toBe('busy');
    a.open('a');
    await ra;
    await settle();
    b.open('b');
    await rb;
  });

  it('forgets a waiting preview whose request went away', async () => {
    const limiter = new ExampleLimiter({
      maxRunning: 1,
      maxWaiting: 5,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    const a = gate();
    const ra = limiter.run(confirmed('ann'), never, a.task);
    const gone = new AbortController();
    const rb = limiter.run(confirmed('bob'), gone.signal, gate().task);
    gone.abort();
    expect(await reasonOf(rb)).toBe('aborted');
    expect(limiter.waiting).toBe(0);
    a.open('a');
    expect(await ra).toBe('a');
  });

  it('keeps unconfirmed accounts to a small shared pool, so a confirmed user still gets one', async () => {
    const limiter = new ExampleLimiter({
      maxRunning: 2,
      maxWaiting: 32,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    // Forty unconfirmed accounts, each from its own address, each asking for a preview.
    const flood = Array.from({ length: 40 }, () => gate());
    const floodRuns = flood.map((g, i) =>
      limiter.run(unconfirmed(`spam${i}`, `10.0.0.${i}`), never, g.task),
    );
    const reasons = floodRuns.slice(2).map((run) => reasonOf(run));
    expect(new Set(await Promise.all(reasons))).toEqual(new Set(['busy']));
    await settle();
    expect([limiter.running, limiter.waiting]).toEqual([1, 1]);
    // The confirmed user's preview takes the free slot at once.
    const real = gate();
    const mine = limiter.run(confirmed('ada'), never, real.task);
    await settle();
    expect(real.signal).toBeDefined();
    real.open('ada');
    expect(await mine).toBe('ada');
    flood[0]!.open('first');
    expect(await floodRuns[0]).toBe('first');
    await settle();
    flood[1]!.open('second');
    expect(await floodRuns[1]).toBe('second');
  });

  it('keeps unconfirmed accounts behind one address to their share of the pool', async () => {
    const limiter = new ExampleLimiter({
      maxRunning: 2,
      maxWaiting: 32,
      sharedMaxRunning: 1,
      sharedMaxQueued: 2,
      sharedMaxPerAddress: 1,
    });
    const never = new AbortController().signal;
    const [a, c] = [gate(), gate()];
    const first = limiter.run(unconfirmed('spam1', '10.0.0.9'), never, a.task);
    expect(await reasonOf(limiter.run(unconfirmed('spam2', '10.0.0.9'), never, gate().task))).toBe(
      'busy',
    );
    // Another address still has its share; it waits for the shared pool's one slot.
    const other = limiter.run(unconfirmed('newcomer', '10.0.0.10'), never, c.task);
    await settle();
    expect([limiter.running, limiter.waiting]).toEqual([1, 1]);
    a.open('a');
    expect(await first).toBe('a');
    await settle();
    c.open('c');
    expect(await other).toBe('c');
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });
});
