// A render's scratch folder (the engine's parts and subtitles beside its output) left by a process
// killed with SIGKILL is cleared by the next sweep on its machine at once, not after a day: it is
// named after its output, whose name carries the owning process.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStorage } from '../storage/media-storage.ts';
import { pollUntil } from '../test/fault-processes.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const STORAGE_MODULE = new URL('../storage/media-storage.ts', import.meta.url).href;

/** A process that starts a render's output and scratch folder as the render job does, then hangs. */
const HOLDER = `
import { withTempDir } from '@roughcut/engine/work';
import { MediaStorage } from ${JSON.stringify(STORAGE_MODULE)};
const storage = new MediaStorage(process.argv[1]);
const out = await storage.createTempFile('.mp4');
await withTempDir(out.path, async (dir) => {
  console.log('SCRATCH ' + dir);
  await new Promise(() => setInterval(() => undefined, 60_000));
});
`;

describe('a render scratch folder after kill -9', () => {
  let root: string;
  let storage: MediaStorage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'roughcut-scratch-'));
    storage = new MediaStorage(path.join(root, 'media'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is cleared by the next sweep once its process is dead', async () => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', HOLDER, path.join(root, 'media')],
      { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const scratch = await pollUntil(
      'the render scratch folder',
      () => Promise.resolve(/SCRATCH (.+)\n/.exec(output)?.[1]),
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    expect(path.dirname(scratch)).toBe(storage.tempDir);
    // While its process lives, the sweep leaves it alone.
    expect(await storage.sweepTemp()).toBe(0);
    expect((await stat(scratch)).isDirectory()).toBe(true);

    // NOTE: reaped (the exit event), not only dead: a zombie's pid still answers kill(pid, 0).
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(await readdir(storage.tempDir)).toContain(path.basename(scratch));
    await storage.sweepTemp();
    expect(await readdir(storage.tempDir)).toEqual([]);
  });
});
