import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type RunningServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  /** Everything the server printed, for failure messages. */
  logs: () => string;
  /** Stops the server and removes its data folder, unless `keepData` (a restart follows). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type ServerPlacement = {
  /** Reuse this data folder (a restart of an earlier server); it is then kept on stop. */
  dataDir?: string;
  /** Listen on this port rather than a free one. */
  port?: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${logs()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within 180 s:\n${logs()}`);
}

/**
 * Starts the real server (`node apps/server/src/main.ts`) on a free port with its own temporary
 * data folder (PGlite database and mail outbox). It serves the web build in apps/web/dist, which
 * the test command builds before the e2e suite runs.
 */
export async function startServer(
  env: Record<string, string> = {},
  placement: ServerPlacement = {},
): Promise<RunningServer> {
  const dataDir = placement.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'roughcut-e2e-')));
  const port = placement.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // NOTE: WEB_DIST lets a developer test a build made elsewhere (vite build --outDir).
      WEB_DIST: process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logs = () => output;

  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, outboxDir: path.join(dataDir, 'outbox'), logs, stop };
}
