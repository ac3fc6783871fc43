import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/** Which try of a queued job this is (pg-boss counts retries from 0). */
export type JobAttempt = {
  retryCount: number;
  retryLimit: number;
};

/** Issue 36: a job that should not run before a delay (a webhook's next attempt). */
export type SendOptions = { startAfterSeconds?: number };

/** The queue as a handler may consult it, and queue follow-up work on it. */
export type QueueLookup = {
  /** A job's state in the queue, or undefined when it no longer exists. */
  stateOf(jobName: string, id: string): Promise<string | undefined>;
  /** Queues a job (its payload checked), as services do; resolves to its id. */
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: SendOptions,
  ): Promise<string>;
  /** Refreshes the heartbeat of a running try of a job (claim-keeper.ts). */
  keepClaim?(jobName: string, id: string, retryCount: number): Promise<void>;
  /** Seconds without a heartbeat after which a claim lapses. */
  heartbeatSeconds?: number;
};

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
  /**
   * Aborted when this worker no longer holds the job: cancelled, expired, its heartbeat lapsed
   * (another worker may take it), or the worker is stopping.
   */
  signal: AbortSignal;
  /** Unset when a handler is called directly (tests): treated as the last try. */
  attempt?: JobAttempt;
  /**
   * Call on every sign of progress: the queue hears the claim is alive from the work itself
   * (throttled). Unset when a handler is called directly.
   */
  keepClaim?: () => void;
  queue?: QueueLookup;
};

export type JobQueueOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A hard bound on one try, however alive the worker is (heartbeats catch dead workers). */
  expireInSeconds?: number;
  /** The queue that receives a job whose retries are used up (its handler marks the failure). */
  deadLetter?: string;
};

/**
 * A queue: its name and payload schema, and how its jobs are retried. Enqueuing needs only this,
 * so a service that queues work never imports the handler (nor the engine behind it).
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  queue?: JobQueueOptions;
  /** Cron expression (UTC) when the job also runs on a schedule, e.g. '17 * * * *'. */
  schedule?: string;
  /** Workers per process for this queue (ignored when `ownerOf` is set: those get the slots). */
  concurrency?: number;
  /**
   * The user whose work a job is. Set for the heavy per-user queues (analysis, render): each
   * process then runs `JOB_SLOTS` of them at once, and at most one of a user's jobs runs at a
   * time across every worker, so one user's long or many jobs never hold all the slots while
   * another user's job waits. Undefined (or no owner found) = no such limit for that job.
   */
  ownerOf?(payload: z.output<S>, db: Db): Promise<string | undefined>;
};

/** A definition with the code that runs its jobs (only processes that work on jobs load these). */
export type JobHandler<S extends z.ZodType = z.ZodType> = JobDefinition<S> & {
  handle(payload: z.output<S>, context: JobContext): Promise<void>;
  /**
   * Work to do once per process before it takes any job of any queue (opening models): done
   * while no claim is held, so its long stretches hold up no job's heartbeat.
   */
  warmUp?(): Promise<void>;
};

/** Declares a queue (and, for small jobs that import nothing heavy, its handler beside it). */
export function defineJob<S extends z.ZodType>(definition: JobHandler<S>): JobHandler<S>;
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S>;
export function defineJob<S extends z.ZodType>(
  definition: JobDefinition<S> | JobHandler<S>,
): JobDefinition<S> | JobHandler<S> {
  return definition;
}

/** Attaches the handler (and its once-per-process warm-up) to a queue declared elsewhere. */
export function handleJob<S extends z.ZodType>(
  definition: JobDefinition<S>,
  handle: JobHandler<S>['handle'],
  warmUp?: JobHandler<S>['warmUp'],
): JobHandler<S> {
  return { ...definition, handle, ...(warmUp ? { warmUp } : {}) };
}

/**
 * One queue of the job list (src/job-list.ts): its definition and where its handler is. The
 * handler is loaded only by processes that work on the queues, since handlers load the engine.
 */
export type ListedJob<S extends z.ZodType = z.ZodType> = JobDefinition<S> & {
  loadHandler(): Promise<JobHandler<S>>;
};

/** A queue of the job list, naming the handler that runs its jobs. */
export function listJob<S extends z.ZodType>(
  definition: JobDefinition<S>,
  loadHandler: () => Promise<JobHandler<S>>,
): ListedJob<S> {
  return { ...definition, loadHandler };
}

/** Whether a failure now is the job's last (the queue will not retry it). */
export const isLastAttempt = (attempt: JobAttempt | undefined): boolean =>
  attempt === undefined || attempt.retryCount >= attempt.retryLimit;
