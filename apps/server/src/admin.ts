// Operator commands (`./roughcut admin …`): `plan <user> standard|trial` sets a user's plan.
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseLockedError } from './db/pglite-lock.ts';
import { runMigrations } from './db/migrations.ts';
import {
  AdminCommandError,
  describePlanChange,
  parseAdminArgs,
  setPlanByLogin,
} from './modules/billing/plan-admin.ts';
import { exitOnStartupError } from './startup-error.ts';

try {
  const command = parseAdminArgs(process.argv.slice(2));
  const config = loadConfig();
  // WARNING: the embedded PGlite database may be opened by one process only (its lock file says
  // which); a change made beside the running server would be lost when the server closes it.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  }).catch((error: unknown) => {
    if (!(error instanceof DatabaseLockedError)) throw error;
    throw new AdminCommandError(
      `Nothing was changed: ${error.message} To change a plan on the embedded database, stop the server, run this command, then start the server again. (With DATABASE_URL the command runs beside the server.)`,
    );
  });
  try {
    await runMigrations(database);
    console.log(describePlanChange(await setPlanByLogin(database.db, command.login, command.plan)));
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof AdminCommandError) {
    console.error(error.message);
    process.exit(error.message.startsWith('Usage:') ? 2 : 1);
  }
  exitOnStartupError(error);
}
