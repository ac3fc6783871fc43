import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the versioned SQL migrations in apps/server/drizzle that have not run yet. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    // NOTE: imported here, as in client.ts: the PGlite driver is heavy, and PostgreSQL needs none.
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as PgliteDatabase<Schema>, config);
  } else {
    await migratePg(database.db as NodePgDatabase<Schema>, config);
  }
}
