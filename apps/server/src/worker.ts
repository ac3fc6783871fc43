// A worker-only process (`node apps/server/src/worker.ts`) for PostgreSQL deployments: runs the
// background jobs, serves no HTTP. Start the web server with EMBEDDED_WORKER=false beside it.
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrations.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { jobs } from './jobs/registry.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { exitOnStartupError } from './startup-error.ts';
import { MediaStorage } from './storage/media-storage.ts';

try {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'The worker process needs DATABASE_URL (a PostgreSQL server). With the embedded PGlite database the server runs the jobs itself.',
    );
    process.exit(1);
  }
  const log = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await runMigrations(database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const storage = new MediaStorage(config.storageDir);
  const queue = new JobQueue({ database, config, mailer, storage, log, jobs });
  await queue.start();
  await queue.work();
  log.info(`Roughcut worker running: ${jobs.map((job) => job.name).join(', ')}`);
  const shutdown = (signal: string) => {
    log.info(`${signal}: stopping the worker`);
    queue
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  exitOnStartupError(error);
}
