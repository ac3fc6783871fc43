import type { users } from '../../db/tables/auth.schema.ts';

/** What a request needs to know about its signed-in user (no password hash). */
export type SessionUserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'username' | 'emailConfirmed' | 'pendingEmail'
>;
export type SessionWithUser = {
  sessionId: string;
  expiresAt: Date;
  /** Changes with the password (a digest of its hash): media links carry it and die with it. */
  credentialStamp: string;
  user: SessionUserRow;
};

/**
 * Sessions this process resolved lately, so a burst of calls (a page load, a poll of the job
 * and its list) costs one session query, not one per call.
 *
 * Every write that could make a cached entry wrong goes through auth.repository, which calls
 * `forgetUser` / `forgetSession` (logout, password change, reset, username or e-mail change);
 * expiry is still checked on every use. A read that raced such a write is not stored: `store`
 * takes the `generation` seen before the read and drops the entry if anything was forgotten
 * since.
 *
 * WARNING: the invalidation is per process. With PGlite there is only one; with PostgreSQL
 * several servers may run, so a session ended on one server stays usable on another for at most
 * `ttlMs` (see SESSION_CACHE_TTL_MS).
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: SessionWithUser; until: number }>();
  readonly #maxEntries: number;
  #generation = 0;

  constructor(maxEntries = 10_000) {
    this.#maxEntries = maxEntries;
  }

  generation(): number {
    return this.#generation;
  }

  read(id: string, now: number): SessionWithUser | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  store(session: SessionWithUser, until: number, seenGeneration: number): void {
    if (seenGeneration !== this.#generation) return;
    this.#entries.delete(session.sessionId);
    this.#entries.set(session.sessionId, { session, until });
    // NOTE: Map order is insertion order, so the first keys are the least recently stored.
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(key);
    }
  }

  forgetSession(id: string): void {
    this.#generation += 1;
    this.#entries.delete(id);
  }

  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) {
      if (entry.session.user.id === userId) this.#entries.delete(key);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}

/** One per process: every app in it (tests run several) shares it; tokens are random. */
export const sessionCache = new SessionCache();

/**
 * How long a resolved session is reused. One process holds every PGlite connection, so its
 * invalidation is exact and a minute is safe; with PostgreSQL other servers may end a session,
 * so reuse stays short.
 */
export const SESSION_CACHE_TTL_MS = { pglite: 60_000, postgres: 5_000 } as const;
