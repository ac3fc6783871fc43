import type { AppContext } from '../../app-context.ts';
import {
  attemptWindowEnd,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
} from './login-attempts.repository.ts';
import type { HeldAttempt } from './login-attempts.repository.ts';

/** Failures per account and window, from all clients together, as a multiple of the per-client limit. */
export const ACCOUNT_CEILING_FACTOR = 2;

/** A login's try, counted before its password is checked. */
export type LoginTry = { pair: HeldAttempt; account: HeldAttempt };

/**
 * Wrong-password lockout, on two counts kept in the database. Per account AND client: ten wrong
 * passwords from one client lock only that client out of that account, so the owner still gets
 * in from elsewhere. Per account alone: past `accountCeiling` failures in the window every client
 * waits, because a client is only an IP, and an attacker with many addresses (or a forged
 * X-Forwarded-For that a misconfigured proxy passes on) would otherwise guess without end.
 * WARNING: a try is reserved before the slow password check and given back on success; read
 * first and written after, a burst of simultaneous tries all saw the count before any of them.
 * NOTE: the price is that such an attacker can keep the owner out for a window at a time; the
 * owner's existing sessions are untouched.
 */
export class LoginLockout {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Counts this try, or the seconds this client must wait before trying this account again. */
  async reserve(account: string, client: string): Promise<LoginTry | { retryAfterS: number }> {
    const { db, rateLimits } = this.#ctx;
    const now = this.#ctx.now();
    const window = { now, windowMs: rateLimits.windowMs };
    const pairKey = `${account}\n${client}`;
    const pair = await reserveAttempt(db, {
      ...window,
      key: pairKey,
      limit: rateLimits.perAccount,
    });
    if (!pair) return { retryAfterS: await this.#retryAfterS(pairKey, now) };
    const ceiling = rateLimits.perAccount * ACCOUNT_CEILING_FACTOR;
    const all = await reserveAttempt(db, { ...window, key: account, limit: ceiling });
    if (!all) {
      await releaseAttempt(db, pair);
      return { retryAfterS: await this.#retryAfterS(account, now) };
    }
    return { pair, account: all };
  }

  /** The right password: this client's failures on the account are forgotten, its try given back. */
  async succeeded(held: LoginTry): Promise<void> {
    await clearAttempts(this.#ctx.db, held.pair.key);
    await releaseAttempt(this.#ctx.db, held.account);
  }

  async #retryAfterS(key: string, now: Date): Promise<number> {
    const end = await attemptWindowEnd(this.#ctx.db, key);
    const ms = (end?.getTime() ?? now.getTime()) - now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }
}
