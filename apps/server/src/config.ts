import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAX_VIDEO_SECONDS, MAX_UPLOAD_BYTES } from '@roughcut/shared';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** The slowest upload body accepted (storage/upload-rate.ts watches it). */
export type MinUploadRate = {
  /** The slowest accepted average, in bytes per second; 0 turns the check off. */
  bytesPerSecond: number;
  /** How long the average is taken over. */
  windowMs: number;
};

/** 16 KB/s over a minute: far below any real connection, far above a trickle. */
export const DEFAULT_MIN_UPLOAD_RATE: MinUploadRate = {
  bytesPerSecond: 16 * 1024,
  windowMs: 60_000,
};

/** STORAGE_DIR when set, else DATA_DIR/media. */
export function resolveStorageDir(dataDir: string, storageDir?: string): string {
  return path.resolve(
    storageDir && storageDir.trim() !== '' ? storageDir : path.join(dataDir, 'media'),
  );
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const booleanVar = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], {
        error: 'expected true or false',
      })
      .optional()
      .transform((value) =>
        value === undefined ? fallback : value === 'true' || value === '1' || value === 'yes',
      ),
  );

const urlVar = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `expected ${what}` },
  );

/** A whole number (of seconds, or of tries) at least `min`; `fallback` when unset. */
const secondsVar = (min: number, fallback?: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a whole number' })
      .int({ error: 'expected a whole number' })
      .min(min, { error: `expected a whole number of at least ${min}` })
      .optional()
      .transform((value) => value ?? fallback),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a port number' })
      .int({ error: 'expected a whole port number' })
      .min(0, { error: 'expected a port number from 0 to 65535' })
      .max(65535, { error: 'expected a port number from 0 to 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(REPO_ROOT, '.data'))),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    urlVar(['postgres:', 'postgresql:'], 'a postgres:// connection URL').optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    urlVar(
      ['http:', 'https:'],
      'an http:// or https:// URL such as https://roughcut.example.com',
    ).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    urlVar(
      ['smtp:', 'smtps:'],
      'an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com',
    ).optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Roughcut <no-reply@roughcut.local>'),
  ),
  WEB_DIST: z.preprocess(
    emptyToUndefined,
    z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  EMBEDDED_WORKER: booleanVar(true),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  STORAGE_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  MEDIA_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: 'expected at least 32 characters (generate one: openssl rand -hex 32)' })
      .optional(),
  ),
  MAX_UPLOAD_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a number of bytes' })
      .int({ error: 'expected a whole number of bytes' })
      .min(1, { error: 'expected a positive number of bytes' })
      .optional(),
  ),
  MAX_VIDEO_SECONDS: secondsVar(1, DEFAULT_MAX_VIDEO_SECONDS),
  JOB_HEARTBEAT_SECONDS: secondsVar(10, 30),
  JOB_SUPERVISE_SECONDS: secondsVar(1, 15),
  JOB_RETRY_DELAY_SECONDS: secondsVar(0),
  JOB_RETRY_LIMIT: secondsVar(0),
  JOB_WARM_UP: booleanVar(true),
  JOB_SLOTS: secondsVar(1),
  UPLOAD_MIN_KBPS: secondsVar(0),
  WEBHOOK_ALLOW_PRIVATE: booleanVar(false),
  WEBHOOK_RETRY_BASE_SECONDS: secondsVar(0),
  MCP_IMPORT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  MCP_ALLOW_PRIVATE: booleanVar(false),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_PRICE_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    urlVar(
      ['http:', 'https:'],
      'an http:// or https:// URL such as http://127.0.0.1:12111',
    ).optional(),
  ),
});

/**
 * Which proxies' X-Forwarded-* headers count: none (false), the nearest N hops, or the listed
 * addresses/CIDRs. TRUST_PROXY=true means one hop (see `parseTrustProxy`).
 */
export type TrustProxy = false | number | string[];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDist: string;
  logLevel: (typeof LOG_LEVELS)[number];
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

/**
 * A dead worker's job is retried after at most heartbeatSeconds + superviseSeconds + the retry
 * delay (plus one poll). The two overrides exist for operators and the fault tests.
 */
export type JobTiming = {
  /** A worker that sent no heartbeat this long is taken for dead (pg-boss needs at least 10). */
  heartbeatSeconds: number;
  /** How often the queue looks for lapsed heartbeats and expired jobs. */
  superviseSeconds: number;
  /** Replaces every queue's retry delay (the first of its backoff). */
  retryDelaySeconds: number | undefined;
  /** Replaces every queue's retry limit. */
  retryLimit: number | undefined;
  /** Analyses (and, apart, renders) one process runs at once; one of them per user at a time. */
  slots: number;
  /** Open the analysis's models before taking jobs (off in the API tests, which rarely analyse). */
  warmUp: boolean;
};

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where the Stripe API is reached; unset = api.stripe.com (tests point it at a fake). */
  apiBase: string | undefined;
};

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid environment variable ${variable}: ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/**
 * WARNING: `true` is one hop, never "trust every X-Forwarded-For entry": the leftmost entries are
 * whatever the client wrote, so trusting them all would let anyone pick their own IP (and dodge
 * the per-IP limits). Behind a chain of proxies, give the hop count or the proxies' addresses.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'yes') return 1;
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    list.some((part) => !/^[\da-fA-F:.]+(\/\d+)?$|^(loopback|linklocal|uniquelocal)$/.test(part))
  ) {
    throw new ConfigError(
      'TRUST_PROXY',
      `expected true, false, a hop count or a comma-separated list of proxy addresses, got "${raw}"`,
    );
  }
  return list;
}

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

/** Two at least, so another user's job always finds a free slot; at most four (memory). */
export const defaultJobSlots = (cores: number = os.availableParallelism()): number =>
  Math.max(2, Math.min(4, cores));

const STRIPE_VARIABLES = [
  ['STRIPE_SECRET_KEY', /^(sk|rk)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_live_… or sk_test_…)'],
  ['STRIPE_WEBHOOK_SECRET', /^whsec_[A-Za-z0-9_]+$/, 'a Stripe webhook signing secret (whsec_…)'],
  ['STRIPE_PRICE_ID', /^price_[A-Za-z0-9_]+$/, 'a Stripe price id (price_…)'],
] as const;

/** All three Stripe settings or none: a half-configured checkout would take money and not upgrade. */
function parseStripeSettings(parsed: z.infer<typeof envSchema>): StripeSettings | undefined {
  const present = STRIPE_VARIABLES.filter(([name]) => parsed[name] !== undefined);
  if (present.length === 0) return undefined;
  for (const [name, pattern, what] of STRIPE_VARIABLES) {
    const value = parsed[name];
    if (value === undefined) {
      throw new ConfigError(
        name,
        `expected ${what}: ${present.map(([n]) => n).join(' and ')} ${present.length === 1 ? 'is' : 'are'} set, and payments need STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID together (or none of them)`,
      );
    }
    if (!pattern.test(value)) throw new ConfigError(name, `expected ${what}`);
  }
  return {
    secretKey: parsed.STRIPE_SECRET_KEY ?? '',
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? '',
    priceId: parsed.STRIPE_PRICE_ID ?? '',
    apiBase: parsed.STRIPE_API_BASE?.replace(/\/+$/, ''),
  };
}
