// Admission for the example image: each preview is one short ffmpeg run. Bounded overall so slider
// drags can't starve the renders on a small machine, and fair per user: a user has at most one
// preview running or waiting, a newer one replaces it, and waiting is first come, first served.
// So one user's quick drags cost that user their stale previews, never anyone else a 429.
// Accounts nobody vouched for (unconfirmed e-mail: free to make by the dozen) share a small pool of
// their own, with a smaller share per client address, so forty of them cannot fill the slots and
// the waiting room that confirmed users' previews need.

export type LimiterRejection = 'busy' | 'superseded' | 'aborted';

export class LimiterRejectedError extends Error {
  readonly reason: LimiterRejection;
  constructor(reason: LimiterRejection) {
    super(`example image ${reason}`);
    this.name = 'LimiterRejectedError';
    this.reason = reason;
  }
}

type Ticket = {
  user: string;
  /** The client address of a shared-pool ticket. */
  shared: string | undefined;
  /** Counted in its address's share: until it ends, or a newer ticket of its account replaces it. */
  counted: boolean;
  controller: AbortController;
  start: () => void;
  reject: (error: LimiterRejectedError) => void;
  running: boolean;
};

export type ExampleLimiterOptions = {
  /** Previews drawn at once, all users together. */
  maxRunning: number;
  /** Users waiting for a free slot; more get 'busy'. */
  maxWaiting: number;
  /** Of the slots, how many the shared pool's previews may take at once (below maxRunning). */
  sharedMaxRunning: number;
  /** Previews of the shared pool running or waiting; more get 'busy'. */
  sharedMaxQueued: number;
  /** Of those, how many may come from one client address. */
  sharedMaxPerAddress: number;
};

/**
 * Who asks: the key one preview at a time is kept per (the account), and for an account in the
 * shared pool the client address it asks from.
 */
export type LimiterClient = { key: string; sharedFrom?: string | undefined };

export class ExampleLimiter {
  readonly #options: ExampleLimiterOptions;
  readonly #byUser = new Map<string, Ticket>();
  readonly #waiting: Ticket[] = [];
  #running = 0;
  #sharedRunning = 0;
  readonly #sharedByAddress = new Map<string, number>();

  constructor(options: ExampleLimiterOptions) {
    this.#options = options;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `task` when a slot is free. `signal` is the caller's (the request went away); the task
   * gets a signal that also fires when the same client asks for a newer preview.
   */
  async run<T>(
    client: LimiterClient,
    signal: AbortSignal,
    task: (signal: AbortSignal) => Promise<T>,
  ) {
    if (signal.aborted) throw new LimiterRejectedError('aborted');
    const { key: user, sharedFrom: shared } = client;
    const previous = this.#byUser.get(user);
    if (previous) this.#supersede(previous);
    else if (
      (shared !== undefined &&
        (this.#sharedQueued >= this.#options.sharedMaxQueued ||
          (this.#sharedByAddress.get(shared) ?? 0) >= this.#options.sharedMaxPerAddress)) ||
      (this.#running >= this.#options.maxRunning &&
        this.#waiting.length >= this.#options.maxWaiting)
    )
      throw new LimiterRejectedError('busy');

    const controller = new AbortController();
    const onAbort = () => {
      controller.abort();
      if (!ticket.running) this.#drop(ticket, new LimiterRejectedError('aborted'));
    };
    let ticket!: Ticket;
    const admitted = new Promise<void>((resolve, reject) => {
      ticket = {
        user,
        shared,
        counted: shared !== undefined,
        controller,
        start: resolve,
        reject,
        running: false,
      };
    });
    this.#byUser.set(user, ticket);
    if (shared !== undefined) this.#countShared(shared, 1);
    signal.addEventListener('abort', onAbort, { once: true });
    this.#waiting.push(ticket);
    this.#next();
    try {
      await admitted;
      return await task(controller.signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (ticket.running) {
        ticket.running = false;
        this.#running -= 1;
        if (shared !== undefined) this.#sharedRunning -= 1;
      }
      this.#uncount(ticket);
      if (this.#byUser.get(user) === ticket) this.#byUser.delete(user);
      this.#next();
    }
  }

  get #sharedQueued(): number {
    let total = 0;
    for (const count of this.#sharedByAddress.values()) total += count;
    return total;
  }

  #countShared(address: string, delta: number): void {
    const count = (this.#sharedByAddress.get(address) ?? 0) + delta;
    if (count > 0) this.#sharedByAddress.set(address, count);
    else this.#sharedByAddress.delete(address);
  }

  #uncount(ticket: Ticket): void {
    if (!ticket.counted || ticket.shared === undefined) return;
    ticket.counted = false;
    this.#countShared(ticket.shared, -1);
  }

  #supersede(ticket: Ticket): void {
    // NOTE: its account's newer ticket takes its place in the share (it may still be stopping).
    this.#uncount(ticket);
    ticket.controller.abort();
    if (!ticket.running) this.#drop(ticket, new LimiterRejectedError('superseded'));
  }

  #drop(ticket: Ticket, error: LimiterRejectedError): void {
    const index = this.#waiting.indexOf(ticket);
    if (index < 0) return;
    this.#waiting.splice(index, 1);
    this.#uncount(ticket);
    if (this.#byUser.get(ticket.user) === ticket) this.#byUser.delete(ticket.user);
    ticket.reject(error);
  }

  #next(): void {
    while (this.#running < this.#options.maxRunning) {
      // NOTE: first come, first served, except that the shared pool waits for its own slot.
      const sharedFull = this.#sharedRunning >= this.#options.sharedMaxRunning;
      const index = this.#waiting.findIndex((t) => t.shared === undefined || !sharedFull);
      const ticket = index < 0 ? undefined : this.#waiting.splice(index, 1)[0];
      if (!ticket) return;
      ticket.running = true;
      this.#running += 1;
      if (ticket.shared !== undefined) this.#sharedRunning += 1;
      ticket.start();
    }
  }
}
