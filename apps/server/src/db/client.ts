import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ConfigError } from '../config-env.ts';
import { acquireDatabaseLock } from './pglite-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or a transaction on it: what every repository function takes. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** Set in PGlite mode: pg-boss runs on the same single connection. */
  pglite: PGlite | undefined;
  /** Set in PostgreSQL mode: pg-boss opens its own pool with it. */
  connectionString: string | undefined;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  databaseUrl: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
};

/**
 * PGlite and its driver, imported only by a process that uses them. NOTE: importing the driver
 * costs about 145 MB of memory (measured), which a process on PostgreSQL (a server beside
 * workers, every worker) does not need.
 */
async function loadPglite() {
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  return { PGlite, drizzle };
}

type PgliteModules = Awaited<ReturnType<typeof loadPglite>>;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // NOTE: an idle client's network error would otherwise crash the process.
    pool.on('error', () => undefined);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      const url = new URL(options.databaseUrl);
      throw new ConfigError(
        'DATABASE_URL',
        `could not connect to the PostgreSQL server at ${url.host}${url.pathname} (${error instanceof Error ? error.message : String(error)}). Check that it is running and the URL is right.`,
      );
    }
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }),
      pglite: undefined,
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir;
  const modules = await loadPglite();
  const { PGlite } = modules;
  if (dir.startsWith('memory://')) {
    return pgliteDatabase(modules, await PGlite.create(dir), undefined);
  }
  await mkdir(path.resolve(dir), { recursive: true });
  // WARNING: taken before PGlite reads the folder, and kept until it has written it back.
  const lock = await acquireDatabaseLock(dir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return pgliteDatabase(modules, pglite, () => lock.release());
}

function pgliteDatabase(
  modules: PgliteModules,
  pglite: PGlite,
  release: (() => Promise<void>) | undefined,
): Database {
  return {
    kind: 'pglite',
    db: modules.drizzle(pglite, { schema }),
    pglite,
    connectionString: undefined,
    async close() {
      try {
        await pglite.close();
      } finally {
        await release?.();
      }
    },
  };
}
