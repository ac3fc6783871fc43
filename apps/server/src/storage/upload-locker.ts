// One request at a time per resumable upload, across every server process on a PostgreSQL
// database: a session advisory lock per upload, held on a connection of its own for the request's
// length. As tus asks of a locker, a request that wants a held lock asks the holder to let go
// (NOTIFY; the holder's request ends early and unlocks), because the holder is usually a PATCH
// whose client already gave up on it (a dropped link the server has not noticed yet).
import { createHash } from 'node:crypto';
import { ERRORS } from '@tus/utils';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import pg from 'pg';

const RETRY_MS = 50;

/** tus's lock timeout, as an Error that carries its status and body. */
const lockTimeout = (): Error =>
  Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);

/** The lock's 64-bit key and its release channel, both from the upload id. */
export function lockKeyOf(id: string): { key: string; channel: string } {
  const digest = createHash('sha256').update(`tus:${id}`).digest();
  return {
    key: digest.readBigInt64BE(0).toString(),
    channel: `tus_release_${digest.subarray(8, 16).toString('hex')}`,
  };
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

class PgUploadLock implements Lock {
  readonly #connectionString: string;
  readonly #id: string;
  readonly #timeoutMs: number;
  #client: pg.Client | undefined;

  constructor(connectionString: string, id: string, timeoutMs: number) {
    this.#connectionString = connectionString;
    this.#id = id;
    this.#timeoutMs = timeoutMs;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { key, channel } = lockKeyOf(this.#id);
    const client = new pg.Client({ connectionString: this.#connectionString });
    client.on('error', () => undefined);
    await client.connect();
    const deadline = Date.now() + this.#timeoutMs;
    let asked = false;
    try {
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS locked',
          [key],
        );
        if (rows[0]?.locked) break;
        if (signal.aborted || Date.now() > deadline) throw lockTimeout();
        if (!asked) {
          await client.query(`NOTIFY ${channel}`);
          asked = true;
        }
        await sleep(RETRY_MS, signal);
      }
      client.on('notification', (message) => {
        if (message.channel === channel) void requestRelease();
      });
      await client.query(`LISTEN ${channel}`);
      this.#client = client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (!client) throw new Error('Releasing an unlocked lock!');
    // NOTE: ending the session releases its advisory locks even if the unlock query fails.
    try {
      await client.query('SELECT pg_advisory_unlock_all()');
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export class PgUploadLocker implements Locker {
  readonly #connectionString: string;
  readonly #timeoutMs: number;

  constructor(connectionString: string, options: { acquireLockTimeoutMs?: number } = {}) {
    this.#connectionString = connectionString;
    this.#timeoutMs = options.acquireLockTimeoutMs ?? 30_000;
  }

  newLock(id: string): Lock {
    return new PgUploadLock(this.#connectionString, id, this.#timeoutMs);
  }
}
