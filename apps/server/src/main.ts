// The server: `node apps/server/src/main.ts` (root `npm start`).
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitOnStartupError } from './startup-error.ts';
import { useProcessTempDir } from './storage/process-temp.ts';

try {
  const config = loadConfig();
  // NOTE: its own temp folder, so one left by a killed server is recognised and removed.
  const temp = await useProcessTempDir();
  const app = await buildApp(config);
  const shutdown = (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    app
      .close()
      .then(() => temp.remove())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Roughcut is running at ${config.publicUrl} (database: ${app.ctx.database.kind}, embedded worker: ${String(config.embeddedWorker)})`,
  );
} catch (error) {
  exitOnStartupError(error);
}
