// The environment variables the server reads, each checked with a message that says what to set.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_MAX_VIDEO_SECONDS } from '@roughcut/shared';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid environment variable ${variable}: ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

export const envSchema = z.object({
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

export type LogLevel = (typeof LOG_LEVELS)[number];
export type EnvVars = z.infer<typeof envSchema>;
