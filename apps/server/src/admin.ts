// Operator commands (`./roughcut admin …`): `plan <user> standard|trial` sets a user's plan.
import path from 'node:path';
import { loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrations.ts';
import {
  AdminCommandError,
  describePlanChange,
  parseAdminArgs,
  setPlanByLogin,
} from './modules/billing/plan-admin.ts';
import { exitOnStartupError } from './startup-error.ts';

/** Whether a Roughcut server answers on this machine's configured port. */
async function serverIsRunning(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1500),
    });
    return response.ok;
  } catch {
    return false;
  }
}

try {
  const command = parseAdminArgs(process.argv.slice(2));
  const config = loadConfig();
  // WARNING: the embedded PGlite database may be opened by one process only; a second one
  // beside the running server would corrupt it.
  if (!config.databaseUrl && (await serverIsRunning(config))) {
    throw new AdminCommandError(
      `The server is running on the embedded database (port ${config.port}), which only one process may open. Stop it, run this command, then start it again. (With DATABASE_URL the command runs beside the server.)`,
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
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
