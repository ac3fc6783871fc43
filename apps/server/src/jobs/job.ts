import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/** What a job handler may use. Handlers get ids in their payload and load rows themselves. */
export type JobContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** pg-boss job id: stable across retries, so handlers can make themselves idempotent. */
  jobId: string;
  /** Media files shared with the web processes. */
  storage: MediaStorage;
  /** Aborted when pg-boss drops the job (cancelled, expired, or the worker stops). */
  signal: AbortSignal;
};

export type JobQueueOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  queue?: JobQueueOptions;
  /** Cron expression (UTC) when the job also runs on a schedule, e.g. '17 * * * *'. */
  schedule?: string;
  /** Workers per process for this queue. */
  concurrency?: number;
  handle(payload: z.output<S>, context: JobContext): Promise<void>;
};

/** Declares a job with its payload type inferred from the zod schema. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
