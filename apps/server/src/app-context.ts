import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { MediaSigner } from './storage/media-token.ts';

export type RateLimitSettings = {
  /** Attempts per window from one IP address, per endpoint. */
  perIp: number;
  /** Attempts per window against one account identifier (e-mail or username). */
  perAccount: number;
  /** Issue 36: requests per window with one personal access token, whatever the endpoint. */
  perToken: number;
  windowMs: number;
};

/** What every module's routes and services may use; reached as `app.ctx` / `request.server.ctx`. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  queue: JobQueue;
  rateLimits: RateLimitSettings;
  /** Uploaded and rendered media. */
  storage: MediaStorage;
  /** Signs the expiring /api/media URLs. */
  signer: MediaSigner;
  /** The clock; tests move it to check expiry. */
  now(): Date;
};

/** A feature module: registers its routes (under /api) on the app. */
export type AppModule = {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    ctx: AppContext;
  }
}
