import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import type { JobDefinition } from './job.ts';

export type JobQueueDeps = {
  database: Database;
  config: Config;
  mailer: Mailer;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  jobs: readonly JobDefinition[];
};

/**
 * pg-boss on the app's database. In PGlite mode it shares the single PGlite connection through
 * pg-boss's PGlite adapter (`executeSql`: `exec` for parameterless, possibly multi-statement SQL,
 * `query` otherwise); in PostgreSQL mode it opens its own pool.
 */
export class JobQueue {
  readonly #deps: JobQueueDeps;
  readonly #boss: PgBoss;
  readonly #workerIds = new Map<string, string[]>();
  #started = false;

  constructor(deps: JobQueueDeps) {
    this.#deps = deps;
    const { database } = deps;
    this.#boss =
      database.kind === 'pglite' && database.pglite
        ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
        : new PgBoss({ connectionString: database.connectionString, max: 4 });
    this.#boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  }

  /** Installs or upgrades the pg-boss schema and creates every registered queue. */
  async start(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    for (const job of this.#deps.jobs) {
      await this.#boss.createQueue(job.name, {
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
        ...job.queue,
      });
      if (job.schedule) await this.#boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    }
  }

  /** Starts workers for every registered job in this process. */
  async work(): Promise<void> {
    for (const job of this.#deps.jobs) {
      const ids: string[] = [];
      for (let i = 0; i < (job.concurrency ?? 1); i++) {
        const id = await this.#boss.work(
          job.name,
          { pollingIntervalSeconds: 1 },
          async ([entry]) => {
            if (!entry) return;
            const payload: unknown = job.payload.parse(entry.data);
            const log = this.#deps.log.child({ job: job.name, jobId: entry.id });
            await job.handle(payload, {
              db: this.#deps.database.db,
              config: this.#deps.config,
              mailer: this.#deps.mailer,
              log,
              jobId: entry.id,
              storage: this.#deps.storage,
              signal: entry.signal,
            });
          },
        );
        ids.push(id);
      }
      this.#workerIds.set(job.name, ids);
    }
  }

  /** Queues a job after validating its payload; wakes this process's worker at once if it has one. */
  async send<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>): Promise<string> {
    const data = job.payload.parse(payload) as object;
    const id = await this.#boss.send(job.name, data);
    if (!id) throw new Error(`pg-boss did not accept a ${job.name} job`);
    for (const workerId of this.#workerIds.get(job.name) ?? []) this.#boss.notifyWorker(workerId);
    return id;
  }

  /** Cancels a queued or running job (its handler's signal aborts); unknown ids are ignored. */
  async cancel(jobName: string, id: string): Promise<void> {
    await this.#boss.cancel(jobName, id);
  }

  get log(): FastifyBaseLogger {
    return this.#deps.log;
  }

  get boss(): PgBoss {
    return this.#boss;
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
