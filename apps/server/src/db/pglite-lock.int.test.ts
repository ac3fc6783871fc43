// Issue 18: `./roughcut admin plan` wrote to the embedded database while the server held it open,
// printed success, and the change was lost. Whoever opens PGlite now holds its lock file.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { THIS_PROCESS } from '../process/process-owner.ts';
import { openDatabase } from './client.ts';
import { DatabaseLockedError, lockFileOf } from './pglite-lock.ts';

const LOCK_MODULE = pathToFileURL(path.join(import.meta.dirname, 'pglite-lock.ts')).href;

describe('the embedded database lock', () => {
  let dataDir: string;
  let dbDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-lock-'));
    dbDir = path.join(dataDir, 'db');
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const open = () => openDatabase({ databaseUrl: undefined, pgliteDir: dbDir });

  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const first = await open();
    try {
      const holder = JSON.parse(await readFile(lockFileOf(dbDir), 'utf8')) as { pid: number };
      expect(holder.pid).toBe(process.pid);
      const refused = await open().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseLockedError);
      expect((refused as Error).message).toContain(`is already open in process ${process.pid}`);
    } finally {
      await first.close();
    }
    await expect(readFile(lockFileOf(dbDir))).rejects.toThrow(/ENOENT/);
    const again = await open();
    await again.close();
  });

  it('keeps the server from starting beside another live process, until that one dies', async () => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { acquireDatabaseLock } = await import(${JSON.stringify(LOCK_MODULE)});
         await acquireDatabaseLock(${JSON.stringify(dbDir)});
         console.log('locked');
         setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [first] = (await once(child.stdout, 'data')) as [Buffer];
      expect(first.toString()).toContain('locked');
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      });
      const refused = await buildApp(config).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseLockedError);
      expect((refused as Error).message).toMatch(
        new RegExp(
          `already open in process ${child.pid} on this machine, since .*Stop that process`,
        ),
      );
    } finally {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
    // Killed without a chance to clean up: its lock names a dead pid and is taken over.
    expect(await readFile(lockFileOf(dbDir), 'utf8')).toContain(`"pid":${child.pid}`);
    const database = await open();
    await database.close();
  });

  it('takes over a lock whose pid now belongs to another process, not an unreadable one', async () => {
    const reused = { ...THIS_PROCESS, pid: process.ppid, started: '1', command: 'x', since: '' };
    await writeFile(lockFileOf(dbDir), JSON.stringify(reused));
    const database = await open();
    await database.close();

    await writeFile(lockFileOf(dbDir), 'half-writ');
    await expect(open()).rejects.toThrow(DatabaseLockedError);
    await rm(lockFileOf(dbDir));
  });
});
