// Real server and worker processes for the fault tests: started with node as in production,
// watched through their logs, and killed with SIGKILL like a crashed machine would kill them.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));

export type Proc = {
  pid: number;
  /** Everything the process wrote so far (pino JSON lines and any stderr). */
  output(): string;
  /** Resolves once a line matching `pattern` was written; rejects when the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if it lingers. */
  stop(): Promise<void>;
};

function startProcess(script: string, env: Record<string, string>): Proc {
  const child: ChildProcess = spawn(process.execPath, [`${SERVER_SRC}${script}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid ?? -1;
  return {
    pid,
    output: () => text,
    waitForLine(pattern, timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(text)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no line matching ${String(pattern)} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`${script} exited before writing ${String(pattern)}:\n${text}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `node apps/server/src/worker.ts` with the given environment. */
export async function startWorker(env: Record<string, string>): Promise<Proc> {
  const worker = startProcess('worker.ts', env);
  await worker.waitForLine(/Roughcut worker running/, 120_000);
  return worker;
}

/** `node apps/server/src/main.ts` with the given environment, listening. */
export async function startServer(env: Record<string, string>): Promise<Proc> {
  const server = startProcess('main.ts', env);
  await server.waitForLine(/Roughcut is running at/, 120_000);
  return server;
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The processes whose parent is `pid`, with their command names. */
export async function childrenOf(pid: number): Promise<{ pid: number; comm: string }[]> {
  const found: { pid: number; comm: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // NOTE: the command name may hold spaces and parentheses; the fields after it do not.
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(after[1]) === pid) {
        found.push({
          pid: Number(entry),
          comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        });
      }
    } catch {
      // NOTE: the process ended while /proc was read.
    }
  }
  return found;
}

/** Alive and not a zombie (an orphan's zombie waits for init to reap it). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Polls `check` until it gives a value (not undefined) or the deadline passes. */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs, intervalMs = 200 }: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
