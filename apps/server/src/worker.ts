// A worker-only process (`node apps/server/src/worker.ts`) for PostgreSQL deployments: runs the
// background jobs, serves no HTTP. Start the web server with EMBEDDED_WORKER=false beside it.
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrations.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { jobHandlers } from './jobs/registry.ts';
import { sweepLeftovers } from './modules/pipeline/leftovers.service.ts';
import { subtitleFontsDir } from '@roughcut/engine';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { exitOnStartupError } from './startup-error.ts';
import { MediaStorage } from './storage/media-storage.ts';
import { useProcessTempDir } from './storage/process-temp.ts';

try {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'The worker process needs DATABASE_URL (a PostgreSQL server). With the embedded PGlite database the server runs the jobs itself.',
    );
    process.exit(1);
  }
  const log = createLogger(config);
  // NOTE: the engine's scratch files go to this process's own folder, so the folders of a worker
  // that was killed are recognised and removed here.
  const temp = await useProcessTempDir();
  // NOTE: renders burn subtitles with these font files; a missing one stops the start-up.
  await subtitleFontsDir();
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
  const queue = new JobQueue({
    database,
    config,
    mailer,
    storage,
    log,
    definitions: jobDefinitions,
  });
  await queue.start();
  const swept = await sweepLeftovers({ db: database.db, storage, log, queue });
  await queue.work(jobHandlers);
  log.info(
    { sweptTempFolders: temp.swept, ...swept },
    `Roughcut worker running: ${jobHandlers.map((job) => job.name).join(', ')}`,
  );
  const shutdown = (signal: string) => {
    log.info(`${signal}: stopping the worker`);
    queue
      .stop()
      .then(() => database.close())
      .then(() => temp.remove())
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
