// The server's configuration, read once from the environment: its variables are in config-env.ts,
// each section's settings in config-storage.ts, config-proxy.ts, config-jobs.ts and
// config-stripe.ts.
import path from 'node:path';
import { DEFAULT_MAX_VIDEO_SECONDS, MAX_UPLOAD_BYTES } from '@roughcut/shared';
import { ConfigError, envSchema } from './config-env.ts';
import type { LogLevel } from './config-env.ts';
import { defaultJobSlots } from './config-jobs.ts';
import type { JobTiming } from './config-jobs.ts';
import { parseTrustProxy } from './config-proxy.ts';
import type { TrustProxy } from './config-proxy.ts';
import { DEFAULT_MIN_UPLOAD_RATE, resolveStorageDir } from './config-storage.ts';
import type { MinUploadRate } from './config-storage.ts';
import { parseStripeSettings } from './config-stripe.ts';
import type { StripeSettings } from './config-stripe.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDist: string;
  logLevel: LogLevel;
  embeddedWorker: boolean;
  trustProxy: TrustProxy;
  /** Media files (uploads and renders); DATA_DIR/media unless STORAGE_DIR is set. */
  storageDir: string;
  /** Signs media URLs; unset = DATA_DIR/secret, generated once. */
  mediaSecret: string | undefined;
  /** Largest accepted upload in bytes (the plan limit, 1 GB). */
  maxUploadBytes: number;
  /** Longest video accepted at upload, in seconds of its measured length (4 h). */
  maxVideoSeconds: number;
  /** An upload body slower than this on average over its window is stopped (0 = never). */
  uploadMinRate: MinUploadRate;
  /**
   * Issue 36's webhooks: `allowPrivate` lets URLs reach loopback and private addresses (and plain
   * http there), for development and tests; `retryBaseSeconds` is the first retry's delay, doubled
   * after each failed attempt for 24 hours.
   */
  webhooks: { allowPrivate: boolean; retryBaseSeconds: number };
  /**
   * Issue 36's MCP endpoint (/api/mcp): `importDir` is the only folder whose .mp4 files its
   * create_edit may read (unset: file paths are refused, only addresses are fetched);
   * `allowPrivate` lets those addresses reach loopback and private networks (MCP_ALLOW_PRIVATE,
   * or WEBHOOK_ALLOW_PRIVATE for the same development and test setups).
   */
  mcp: { importDir: string | undefined; allowPrivate: boolean };
  /** Card payments; undefined = not configured (self-hosting: plans are set with `roughcut admin`). */
  stripe: StripeSettings | undefined;
  /** How the job queue notices a dead worker and retries its jobs. */
  jobs: JobTiming;
};

/** Reads the configuration from the environment; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = env[variable];
    throw new ConfigError(
      variable,
      `${issue?.message ?? 'invalid value'}${got === undefined ? '' : `, got "${got}"`}`,
    );
  }
  const parsed = result.data;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    publicUrl,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    webDist: path.resolve(parsed.WEB_DIST),
    logLevel: parsed.LOG_LEVEL,
    embeddedWorker: parsed.EMBEDDED_WORKER,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    storageDir: resolveStorageDir(path.resolve(parsed.DATA_DIR), parsed.STORAGE_DIR),
    mediaSecret: parsed.MEDIA_SECRET,
    maxUploadBytes: parsed.MAX_UPLOAD_BYTES ?? MAX_UPLOAD_BYTES,
    maxVideoSeconds: parsed.MAX_VIDEO_SECONDS ?? DEFAULT_MAX_VIDEO_SECONDS,
    uploadMinRate:
      parsed.UPLOAD_MIN_KBPS === undefined
        ? DEFAULT_MIN_UPLOAD_RATE
        : { ...DEFAULT_MIN_UPLOAD_RATE, bytesPerSecond: parsed.UPLOAD_MIN_KBPS * 1024 },
    stripe: parseStripeSettings(parsed),
    webhooks: {
      allowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE,
      retryBaseSeconds: parsed.WEBHOOK_RETRY_BASE_SECONDS ?? 30,
    },
    mcp: {
      importDir:
        parsed.MCP_IMPORT_DIR === undefined ? undefined : path.resolve(parsed.MCP_IMPORT_DIR),
      allowPrivate: parsed.MCP_ALLOW_PRIVATE || parsed.WEBHOOK_ALLOW_PRIVATE,
    },
    jobs: {
      heartbeatSeconds: parsed.JOB_HEARTBEAT_SECONDS ?? 30,
      superviseSeconds: parsed.JOB_SUPERVISE_SECONDS ?? 15,
      retryDelaySeconds: parsed.JOB_RETRY_DELAY_SECONDS,
      retryLimit: parsed.JOB_RETRY_LIMIT,
      warmUp: parsed.JOB_WARM_UP,
      slots: parsed.JOB_SLOTS ?? defaultJobSlots(),
    },
  };
}
