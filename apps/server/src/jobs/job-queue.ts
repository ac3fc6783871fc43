import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { JobWithMetadata, QueueOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import type { JobDefinition, JobHandler, SendOptions } from './job.ts';
import { runJob } from './job-runner.ts';
import { handBackIfOwnerBusy } from './owner-turn.ts';

export type JobQueueDeps = {
  database: Database;
  config: Config;
  mailer: Mailer;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Every queue, whether or not this process works on it. */
  definitions: readonly JobDefinition[];
};

const DEFAULT_QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const;

/**
 * pg-boss on the app's database. In PGlite mode it shares the single PGlite connection through
 * pg-boss's PGlite adapter (`executeSql`: `exec` for parameterless, possibly multi-statement SQL,
 * `query` otherwise); in PostgreSQL mode it opens its own pool.
 *
 * Every queue has a heartbeat: pg-boss refreshes it while a handler runs, so a worker killed
 * mid-job (kill -9, a lost machine) is noticed after `heartbeatSeconds` and its job retried by
 * another worker, instead of waiting out the job's expiry.
 */
export class JobQueue {
  readonly #deps: JobQueueDeps;
  readonly #boss: PgBoss;
  readonly #workerIds = new Map<string, string[]>();
  #started = false;

  constructor(deps: JobQueueDeps) {
    this.#deps = deps;
    const { database, config } = deps;
    const timing = {
      superviseIntervalSeconds: config.jobs.superviseSeconds,
      monitorIntervalSeconds: config.jobs.superviseSeconds,
    };
    this.#boss =
      database.kind === 'pglite' && database.pglite
        ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...timing })
        : new PgBoss({ connectionString: database.connectionString, max: 4, ...timing });
    this.#boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  }

  /** The options a definition's queue is created (or brought up to date) with. */
  queueOptions(job: JobDefinition): QueueOptions & { deadLetter?: string } {
    const { jobs } = this.#deps.config;
    return {
      ...DEFAULT_QUEUE_OPTIONS,
      ...job.queue,
      heartbeatSeconds: jobs.heartbeatSeconds,
      ...(jobs.retryDelaySeconds !== undefined ? { retryDelay: jobs.retryDelaySeconds } : {}),
      ...(jobs.retryLimit !== undefined ? { retryLimit: jobs.retryLimit } : {}),
    };
  }

  /** Installs or upgrades the pg-boss schema and creates (or updates) every queue. */
  async start(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    // NOTE: a dead-letter queue must exist before the queues that name it.
    const ordered = [...this.#deps.definitions].sort(
      (a, b) =>
        Number(a.queue?.deadLetter !== undefined) - Number(b.queue?.deadLetter !== undefined),
    );
    for (const job of ordered) {
      const options = this.queueOptions(job);
      if (await this.#boss.getQueue(job.name)) await this.#boss.updateQueue(job.name, options);
      else await this.#boss.createQueue(job.name, options);
      if (job.schedule) await this.#boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    }
  }

  /**
   * Starts workers for the given handlers in this process. A queue whose jobs have owners gets
   * `JOB_SLOTS` workers, and pg-boss fetches no job of a user who already has one running in that
   * queue, across every process (groupConcurrency); a job claimed while another of its user's
   * runs in any owned queue (or in a race) is handed back (owner-turn.ts).
   */
  async work(handlers: readonly JobHandler[]): Promise<void> {
    const ownedQueues = this.#deps.definitions
      .filter((d) => d.ownerOf !== undefined)
      .map((d) => d.name);
    for (const job of handlers) {
      const ids: string[] = [];
      const owned = job.ownerOf !== undefined;
      const workers = owned ? this.#deps.config.jobs.slots : (job.concurrency ?? 1);
      for (let i = 0; i < workers; i++) {
        const id = await this.#boss.work(
          job.name,
          {
            pollingIntervalSeconds: 1,
            includeMetadata: true,
            ...(owned ? { groupConcurrency: 1 } : {}),
          },
          async ([entry]: JobWithMetadata[]) => {
            if (!entry) return;
            if (owned && (await handBackIfOwnerBusy(this.#boss, job.name, ownedQueues, entry))) {
              return;
            }
            await runJob(job, entry, {
              db: this.#deps.database.db,
              config: this.#deps.config,
              mailer: this.#deps.mailer,
              storage: this.#deps.storage,
              log: this.#deps.log,
              queue: this,
            });
          },
        );
        ids.push(id);
      }
      this.#workerIds.set(job.name, ids);
    }
  }

  /**
   * Queues a job after validating its payload, in its owner's group when the queue has owners;
   * wakes this process's workers at once if it has any.
   */
  async send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options: SendOptions = {},
  ): Promise<string> {
    const parsed = job.payload.parse(payload);
    const owner = await job.ownerOf?.(parsed, this.#deps.database.db);
    const delay = options.startAfterSeconds ?? 0;
    const id = await this.#boss.send(job.name, parsed as object, {
      ...(owner === undefined ? {} : { group: { id: owner } }),
      ...(delay > 0 ? { startAfter: delay } : {}),
    });
    if (!id) throw new Error(`pg-boss did not accept a ${job.name} job`);
    for (const workerId of this.#workerIds.get(job.name) ?? []) this.#boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Refreshes the heartbeat of one try of a running job; fenced on the try (retry_count), so a
   * try the queue already took back never keeps another try's claim alive.
   */
  async keepClaim(jobName: string, id: string, retryCount: number): Promise<void> {
    await this.#boss.getDb().executeSql(
      `UPDATE pgboss.job SET heartbeat_on = now()
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
      [jobName, id, retryCount],
    );
  }

  get heartbeatSeconds(): number {
    return this.#deps.config.jobs.heartbeatSeconds;
  }

  /** Cancels a queued or running job (its handler's signal aborts); unknown ids are ignored. */
  async cancel(jobName: string, id: string): Promise<void> {
    await this.#boss.cancel(jobName, id);
  }

  /** The queue's state of a job, or undefined when it no longer exists. */
  async stateOf(jobName: string, id: string): Promise<JobWithMetadata['state'] | undefined> {
    const job = await this.#boss.getJobById(jobName, id);
    return job?.state;
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
