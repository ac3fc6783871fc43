// Admission for the example image: each preview is one short ffmpeg run. Bounded overall so slider
// drags can't starve the renders on a small machine, and fair per user: a user has at most one
// preview running or waiting, a newer one replaces it, and waiting is first come, first served.
// So one user's quick drags cost that user their stale previews, never anyone else a 429.

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
};

export class ExampleLimiter {
  readonly #options: ExampleLimiterOptions;
  readonly #byUser = new Map<string, Ticket>();
  readonly #waiting: Ticket[] = [];
  #running = 0;

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
   * gets a signal that also fires when the same user asks for a newer preview.
   */
  async run<T>(user: string, signal: AbortSignal, task: (signal: AbortSignal) => Promise<T>) {
    if (signal.aborted) throw new LimiterRejectedError('aborted');
    const previous = this.#byUser.get(user);
    if (previous) this.#supersede(previous);
    else if (
      this.#running >= this.#options.maxRunning &&
      this.#waiting.length >= this.#options.maxWaiting
    )
      throw new LimiterRejectedError('busy');

    const controller = new AbortController();
    const onAbort = () => {
      controller.abort();
      if (!ticket.running) this.#drop(ticket, new LimiterRejectedError('aborted'));
    };
    let ticket!: Ticket;
    const admitted = new Promise<void>((resolve, reject) => {
      ticket = { user, controller, start: resolve, reject, running: false };
    });
    this.#byUser.set(user, ticket);
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
      }
      if (this.#byUser.get(user) === ticket) this.#byUser.delete(user);
      this.#next();
    }
  }

  #supersede(ticket: Ticket): void {
    ticket.controller.abort();
    if (!ticket.running) this.#drop(ticket, new LimiterRejectedError('superseded'));
  }

  #drop(ticket: Ticket, error: LimiterRejectedError): void {
    const index = this.#waiting.indexOf(ticket);
    if (index < 0) return;
    this.#waiting.splice(index, 1);
    if (this.#byUser.get(ticket.user) === ticket) this.#byUser.delete(ticket.user);
    ticket.reject(error);
  }

  #next(): void {
    while (this.#running < this.#options.maxRunning) {
      const ticket = this.#waiting.shift();
      if (!ticket) return;
      ticket.running = true;
      this.#running += 1;
      ticket.start();
    }
  }
}
