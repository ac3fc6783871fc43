// A migrated database of its own for a test that needs tables but not the app: PGlite in memory,
// or a scratch PostgreSQL database (dropped on close) when `kind` is postgres.
import { openDatabase } from '../db/client.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import { runMigrations } from '../db/migrations.ts';
import { createScratchDatabase } from './test-app.ts';

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  const scratch =
    kind === 'postgres' && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: 'memory://' });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch?.drop();
    },
  };
}
