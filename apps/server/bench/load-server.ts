// The load bench's server: the real `apps/server/src/main.ts` in its own process (so the load
// generator does not share its event loop), on loopback, with a PGlite folder or a scratch
// PostgreSQL database.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const START_TIMEOUT_MS = 300_000;

export type RunningServer = { base: string; pid: number; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server and waits until /api/health answers; `env` adds to the defaults. */
export async function startServer(options: {
  dataDir: string;
  port: number;
  databaseUrl: string | undefined;
  env?: Record<string, string>;
  /** Extra node flags, e.g. ['--cpu-prof'] to see where a request's time goes. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: options.dataDir,
      WEB_DIST: path.join(options.dataDir, 'no-web-build'),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      // NOTE: the allocator settings ./roughcut gives the server, so the bench measures its memory.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_')),
      ),
      ...options.env,
    },
    // NOTE: the log is produced as in production (its cost is part of every request) and dropped.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited on start:\n${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, pid: child.pid ?? 0, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh database on the DATABASE_URL server, dropped afterwards. */
export async function scratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `roughcut_load_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
