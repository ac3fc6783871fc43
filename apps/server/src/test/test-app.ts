// Test harness: every test file gets its own fresh database (a PGlite folder in a temp dir, or a
// randomly named PostgreSQL database when DATABASE_URL is set) and its own outbox, so files run
// in parallel.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { RateLimitSettings } from '../app-context.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseKind } from '../db/client.ts';
import { readLatestOutboxMessage } from '../mail/mailer.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI). */
export const TEST_DATABASES: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const TEST_ORIGIN = 'http://localhost:3000';

export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `roughcut_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  dataDir: string;
  outboxDir: string;
  /** Moves the app's clock forward (expiry tests); undo with resetClock in a finally. */
  advanceClock(ms: number): void;
  resetClock(): void;
  close(): Promise<void>;
};

export async function startTestApp(
  kind: DatabaseKind,
  options: {
    rateLimits?: Partial<RateLimitSettings>;
    env?: Record<string, string>;
    /** Replaces the silent logger (tests that read what was logged). */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-test-'));
  const scratch =
    kind === 'postgres' && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    // NOTE: trusted so tests can act as different clients (X-Forwarded-For) or over TLS.
    TRUST_PROXY: 'true',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // NOTE: most API tests never analyse; those that do open the models on their first analysis.
    JOB_WARM_UP: 'false',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  let offset = 0;
  const app = await buildApp(config, {
    // NOTE: generous by default so only the rate-limit tests trip the limits.
    rateLimits: { perIp: 1000, perAccount: 1000, ...options.rateLimits },
    now: () => new Date(Date.now() + offset),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    advanceClock: (ms) => {
      offset += ms;
    },
    resetClock: () => {
      offset = 0;
    },
    async close() {
      await app.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session token from a response's Set-Cookie, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value || undefined;
}

export type Credentials = { email: string; username: string; password: string };

let counter = 0;
export function newCredentials(prefix = 'user'): Credentials {
  counter += 1;
  const id = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  return { email: `${id}@example.com`, username: id, password: `pw-${id}` };
}

/** Waits until the job queue has written a mail to `to` whose link matches, and returns the link. */
export async function waitForLink(
  outboxDir: string,
  to: string,
  pattern: RegExp,
  { after, timeoutMs = 20_000 }: { after?: string; timeoutMs?: number } = {},
): Promise<{ link: string; code: string; raw: string; file: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = await readLatestOutboxMessage(outboxDir, to);
    if (message?.link && message.file !== after) {
      const match = pattern.exec(new URL(message.link).pathname);
      if (match?.[1])
        return {
          link: message.link,
          code: decodeURIComponent(match[1]),
          raw: message.raw,
          file: message.file,
        };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${String(pattern)} within ${timeoutMs} ms`);
}

export const CONFIRM_LINK = /^\/register\/([^/]+)\/confirm$/;
export const RESET_LINK = /^\/resetpassword\/([^/]+)$/;
export const EMAIL_LINK = /^\/confirm-email\/([^/]+)$/;

/** Registers through the API and returns the confirmation code from the outbox. */
export async function registerUser(t: TestApp, credentials: Credentials): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: credentials,
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  return (await waitForLink(t.outboxDir, credentials.email, CONFIRM_LINK)).code;
}

/** Logs in and returns the session token. */
export async function loginUser(t: TestApp, identifier: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: identifier, password },
  });
  const token = sessionCookieOf(response);
  if (response.statusCode !== 200 || !token) throw new Error(`login failed: ${response.body}`);
  return token;
}

export const withSession = (token: string) => ({ cookies: { [SESSION_COOKIE]: token } });
