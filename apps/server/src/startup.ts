// One start-up path for every process that serves or runs jobs: the server (buildApp in app.ts,
// which adds HTTP on top) and the worker (run-process.ts) both start here.
import path from 'node:path';
import { subtitleFontsDir } from './engine-adapter/engine-basics.adapter.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { runMigrations } from './db/migrations.ts';
import { jobList } from './job-list.ts';
import { checkJobList, loadJobHandlers } from './jobs/job-handlers.ts';
import { JobQueue } from './jobs/job-queue.ts';
import type { JobHandler } from './jobs/job.ts';
import { createMailer } from './mail/mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { sweepLeftovers } from './modules/pipeline/leftovers.service.ts';
import type { SweepReport } from './modules/pipeline/leftovers.service.ts';
import { MediaStorage } from './storage/media-storage.ts';

export type StartupOptions = {
  log: FastifyBaseLogger;
  /** Run the queues' jobs in this process (the worker; the server with EMBEDDED_WORKER). */
  work: boolean;
};

/** What a started process holds; `close()` releases all of it. */
export type Services = {
  database: Database;
  mailer: Mailer;
  storage: MediaStorage;
  queue: JobQueue;
  /** The queues this process works on (none when it only enqueues). */
  working: readonly string[];
  /** What stopped processes had left behind; undefined when the sweep failed (logged). */
  swept: SweepReport | undefined;
  close: () => Promise<void>;
};

/** Runs each handler's warm-up once; a failed one is logged and its jobs run anyway. */
async function warmUpHandlers(
  handlers: readonly JobHandler[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const handler of handlers) {
    await handler.warmUp?.().catch((error: unknown) => {
      log.warn({ err: error, queue: handler.name }, 'warm-up failed; the jobs will load on use');
    });
  }
}

/**
 * Opens the database and applies migrations, makes the mailer, storage and queue (every queue of
 * the job list), clears what stopped processes left behind, and starts working on the queues when
 * `work`. Refuses a job list in which a queue has no handler.
 */
export async function startServices(config: Config, options: StartupOptions): Promise<Services> {
  const { log, work } = options;
  checkJobList(jobList);
  // NOTE: renders burn subtitles with these font files; a missing one stops the start-up.
  await subtitleFontsDir();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const storage = new MediaStorage(config.storageDir);
  const queue = new JobQueue({ database, config, mailer, storage, log, definitions: jobList });
  let closing = false;
  let warming: Promise<void> = Promise.resolve();
  const close = async () => {
    closing = true;
    await warming;
    await queue.stop();
    mailer.close();
    await database.close();
  };
  try {
    await runMigrations(database);
    await queue.start();
    // NOTE: before any new upload or job, so whatever is found was left by a stopped process.
    const swept = await sweepLeftovers({ db: database.db, storage, log, queue }).catch(
      (error: unknown) => {
        log.warn({ err: error }, 'could not clear what stopped processes left behind');
        return undefined;
      },
    );
    const handlers = work ? await loadJobHandlers(jobList) : [];
    // NOTE: jobs are taken only once every handler's warm-up is done (models opened), so no
    // claim is held while the event loop is busy opening them; the process serves meanwhile.
    const warmedUp = (config.jobs.warmUp ? warmUpHandlers(handlers, log) : Promise.resolve()).then(
      () => (closing ? undefined : queue.work(handlers)),
    );
    warming = warmedUp.catch((error: unknown) => {
      log.error({ err: error }, 'could not start working on the queues');
    });
    return {
      database,
      mailer,
      storage,
      queue,
      working: handlers.map((job) => job.name),
      swept,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
