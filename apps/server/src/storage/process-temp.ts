// Each server or worker process gets its own temp folder on its machine (TMPDIR for it and the
// tools it runs), so the scratch files of a process that was killed (the engine's audio, chunks
// and smart-cut parts) are recognised and removed when a process starts on that machine.
import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatOwner, isOwnerGone, parseOwner } from '../process/process-owner.ts';

const PREFIX = 'roughcut-proc_';

/** Removes the temp folders of dead processes in `base`; returns how many. */
export async function sweepProcessTempDirs(base: string = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(base).catch(() => [])) {
    if (!name.startsWith(PREFIX)) continue;
    const owner = parseOwner(name.slice(PREFIX.length));
    if (owner && isOwnerGone(owner) === true) {
      await rm(path.join(base, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Makes this process's temp folder and points TMPDIR at it (os.tmpdir() follows), after removing
 * the folders dead processes left. Returns the folder and a function that removes it on exit.
 */
export async function useProcessTempDir(
  base: string = os.tmpdir(),
): Promise<{ dir: string; swept: number; remove(): Promise<void> }> {
  const swept = await sweepProcessTempDirs(base);
  const dir = path.join(base, `${PREFIX}${formatOwner()}`);
  await mkdir(dir, { recursive: true });
  process.env.TMPDIR = dir;
  return { dir, swept, remove: () => rm(dir, { recursive: true, force: true }) };
}
