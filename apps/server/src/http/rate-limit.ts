import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSettings } from '../app-context.ts';
import { HttpError } from './errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: 30,
  perAccount: 10,
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

/**
 * Wrong-password lockout, on two counts. Per account AND client: ten wrong passwords from one
 * client lock only that client out of that account, so the owner still gets in from elsewhere.
 * Per account alone: past `accountCeiling` failures in the window every client waits, because a
 * client is only an IP, and an attacker with many addresses (or a forged X-Forwarded-For that a
 * misconfigured proxy passes on) would otherwise guess without end.
 * NOTE: the price is that such an attacker can keep the owner out for a window at a time; the
 * owner's existing sessions are untouched.
 */
export class LoginLockout {
  readonly #pairs: AttemptCounter;
  readonly #accounts: AttemptCounter;
  readonly #perClient: number;
  readonly #accountCeiling: number;

  constructor(limits: RateLimitSettings, now?: () => number) {
    this.#pairs = new AttemptCounter({ windowMs: limits.windowMs, now });
    this.#accounts = new AttemptCounter({ windowMs: limits.windowMs, now });
    this.#perClient = limits.perAccount;
    this.#accountCeiling = limits.perAccount * ACCOUNT_CEILING_FACTOR;
  }

  /** Seconds this client must wait before trying this account again; 0 when it may try now. */
  waitFor(account: string, client: string): number {
    const pair = this.#pairs.read(pairKey(account, client));
    if (pair.count >= this.#perClient) return pair.retryAfterS;
    const all = this.#accounts.read(account);
    if (all.count >= this.#accountCeiling) return all.retryAfterS;
    return 0;
  }

  recordFailure(account: string, client: string): void {
    this.#pairs.add(pairKey(account, client));
    this.#accounts.add(account);
  }

  recordSuccess(account: string, client: string): void {
    this.#pairs.clear(pairKey(account, client));
  }
}

/** Failures per account and window, from all clients together, as a multiple of the per-client limit. */
export const ACCOUNT_CEILING_FACTOR = 2;

const pairKey = (account: string, client: string) => `${account}\n${client}`;
