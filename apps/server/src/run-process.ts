// What main.ts (the server) and worker.ts (a worker) run: the configuration, the process's temp
// folder, the start-up (startup.ts, with HTTP or not), and a clean stop on SIGINT or SIGTERM.
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { createLogger } from './logger.ts';
import { startServices } from './startup.ts';
import { exitOnStartupError } from './startup-error.ts';
import { useProcessTempDir } from './storage/process-temp.ts';

export type ProcessOptions = {
  /** Serve the web app and the API (the server), or only run the queues' jobs (a worker). */
  http: boolean;
};

type Running = { log: FastifyBaseLogger; stop(): Promise<void> };

/** Starts the server or a worker and keeps it running until a signal stops it. */
export async function runProcess({ http }: ProcessOptions): Promise<void> {
  try {
    const config = loadConfig();
    if (!http && !config.databaseUrl) {
      console.error(
        'The worker process needs DATABASE_URL (a PostgreSQL server). With the embedded PGlite database the server runs the jobs itself.',
      );
      process.exit(1);
    }
    // NOTE: the engine's scratch files go to this process's own folder, so the folders of a
    // process that was killed are recognised and removed here.
    const temp = await useProcessTempDir();
    const running = http ? await startServer(config) : await startWorker(config, temp.swept);
    const shutdown = (signal: string) => {
      running.log.info(`${signal}: shutting down`);
      running
        .stop()
        .then(() => temp.remove())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            running.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    exitOnStartupError(error);
  }
}

async function startServer(config: Config): Promise<Running> {
  // NOTE: imported here so a worker does not load the HTTP app and its routes.
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config);
  const running = { log: app.log, stop: () => app.close() };
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await running.stop().catch(() => undefined);
    throw error;
  }
  app.log.info(
    `Roughcut is running at ${config.publicUrl} (database: ${app.ctx.database.kind}, embedded worker: ${String(config.embeddedWorker)})`,
  );
  return running;
}

async function startWorker(config: Config, sweptTempFolders: number): Promise<Running> {
  const log = createLogger(config);
  const services = await startServices(config, { log, work: true });
  log.info(
    { sweptTempFolders, ...services.swept },
    `Roughcut worker running: ${services.working.join(', ')}`,
  );
  return { log, stop: () => services.close() };
}
