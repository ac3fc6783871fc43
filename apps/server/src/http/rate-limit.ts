import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSettings } from '../app-context.ts';
import { HttpError } from './errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: 30,
  perAccount: 10,
  perToken: 300,
  windowMs: 60_000,
};

/** Route config limiting one endpoint per client IP (checked before the body is read). */
export function perIpLimit(limits: RateLimitSettings) {
  return { rateLimit: { max: limits.perIp, timeWindow: limits.windowMs } };
}

/**
 * preHandler limiting attempts against one account identifier, whichever IP they come from;
 * `identify` reads it from the parsed request (e-mail, user id, ...).
 */
export function perAccountLimit(
  app: FastifyInstance,
  limits: RateLimitSettings,
  scope: string,
  identify: (request: FastifyRequest) => unknown,
): preHandlerAsyncHookHandler {
  // NOTE: the plugin's own hook runs one limiter per request (the per-IP one), so this second
  // limiter is checked by hand.
  const check = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${scope}:account:${identifierOf(request)}`,
  });
  const identifierOf = (request: FastifyRequest) => {
    const identifier = identify(request);
    return typeof identifier === 'string' ? identifier.trim().toLowerCase() : '';
  };
  return async (request, reply) => {
    // Without an identifier the request fails validation anyway; the per-IP limit covers it.
    if (!identifierOf(request)) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw tooManyAttempts();
    }
  };
}

export function tooManyAttempts(): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS);
}

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counts per key, in memory, bounded: expired windows are dropped, and past
 * `maxKeys` the oldest go first (a flood of made-up keys cannot grow it without end).
 */
export class AttemptCounter {
  readonly #windows = new Map<string, Window>();
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(options: { windowMs: number; now?: () => number; maxKeys?: number }) {
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  /** The live window of `key`: its count and the seconds until it ends. */
  read(key: string): { count: number; retryAfterS: number } {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, retryAfterS: 0 };
    return { count: window.count, retryAfterS: Math.ceil((window.resetAt - now) / 1000) };
  }

  add(key: string): void {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (window && window.resetAt > now) {
      window.count += 1;
      return;
    }
    this.#windows.delete(key);
    this.#windows.set(key, { count: 1, resetAt: now + this.#windowMs });
    if (this.#windows.size > this.#maxKeys) this.#prune(now);
  }

  clear(key: string): void {
    this.#windows.delete(key);
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= this.#maxKeys) break;
      this.#windows.delete(key);
    }
  }
}
