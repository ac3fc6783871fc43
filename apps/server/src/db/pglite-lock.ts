// One process at a time may open the embedded PGlite database: two would each keep their own
// copy in memory and the last to close would overwrite the other's writes. Whoever opens it takes
// `<dir>.lock` (created exclusively, naming its process); a lock whose process is dead is stale
// and taken over.
import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { THIS_PROCESS, isOwnerGone } from '../process/process-owner.ts';
import type { ProcessOwner } from '../process/process-owner.ts';

export type LockHolder = ProcessOwner & {
  /** /proc start time of the pid (clock ticks since boot): a reused pid has another one. */
  started: string | undefined;
  command: string;
  since: string;
};

export class DatabaseLockedError extends Error {
  readonly holder: LockHolder | undefined;
  readonly lockFile: string;
  constructor(lockFile: string, holder: LockHolder | undefined) {
    const who = holder
      ? `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''} on ${holder.host === THIS_PROCESS.host ? 'this machine' : holder.host}${holder.since ? `, since ${holder.since}` : ''}`
      : 'another process';
    super(
      `The embedded database ${path.dirname(lockFile)}/${path.basename(lockFile, '.lock')} is already open in ${who}; only one process may open it at a time. Stop that process and try again (or set DATABASE_URL to share a PostgreSQL server). If you are sure no Roughcut process uses this folder, delete ${lockFile}.`,
    );
    this.name = 'DatabaseLockedError';
    this.holder = holder;
    this.lockFile = lockFile;
  }
}

export type DatabaseLock = { file: string; release(): Promise<void> };

export const lockFileOf = (pgliteDir: string): string => `${path.resolve(pgliteDir)}.lock`;

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // NOTE: field 22; the command name (field 2) may hold spaces, so count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.host !== 'string' || typeof value.pid !== 'number') return undefined;
    if (typeof value.boot !== 'string') return undefined;
    return {
      host: value.host,
      pid: value.pid,
      boot: value.boot,
      started: typeof value.started === 'string' ? value.started : undefined,
      command: typeof value.command === 'string' ? value.command : '',
      since: typeof value.since === 'string' ? value.since : '',
    };
  } catch {
    return undefined;
  }
}

/** Dead for certain: same machine and the pid is gone, or now belongs to another process. */
export function isHolderGone(holder: LockHolder): boolean {
  const gone = isOwnerGone(holder);
  if (gone !== false) return gone === true;
  if (holder.pid === THIS_PROCESS.pid) return false;
  const started = startTimeOf(holder.pid);
  return holder.started !== undefined && started !== undefined && started !== holder.started;
}

const describeCommand = (): string =>
  process.argv
    .slice(1)
    .map((arg) => path.relative(process.cwd(), arg) || arg)
    .join(' ')
    .slice(0, 200);

/**
 * Takes the lock of a PGlite data folder or throws DatabaseLockedError naming its holder. The
 * lock is released by `release()`, and also when the process exits without it (not on kill -9:
 * the next opener finds the pid dead).
 */
export async function acquireDatabaseLock(pgliteDir: string): Promise<DatabaseLock> {
  const file = lockFileOf(pgliteDir);
  const mine: LockHolder = {
    ...THIS_PROCESS,
    started: startTimeOf(process.pid),
    command: describeCommand(),
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await writeFile(file, text, { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const found = await readFile(file, 'utf8').catch(() => undefined);
    if (found === undefined) continue;
    const holder = parseHolder(found);
    // NOTE: an unreadable lock may be one being written right now; only a dead holder is stale.
    if (!holder || !isHolderGone(holder) || attempt >= 3) {
      throw new DatabaseLockedError(file, holder);
    }
    // NOTE: moved aside under a unique name, then checked: if another opener took the stale lock
    // over in between, what was moved is its live lock, and it is put back.
    const aside = `${file}.${THIS_PROCESS.pid}.${THIS_PROCESS.boot}.stale`;
    await rename(file, aside).catch(() => undefined);
    const moved = await readFile(aside, 'utf8').catch(() => undefined);
    if (moved !== undefined && moved !== found) {
      await rename(aside, file).catch(() => undefined);
      throw new DatabaseLockedError(file, parseHolder(moved));
    }
    await rm(aside, { force: true });
  }

  if (heldLocks.size === 0) process.once('exit', releaseHeldLocks);
  heldLocks.set(file, text);
  return {
    file,
    async release() {
      if (heldLocks.get(file) !== text) return;
      heldLocks.delete(file);
      if (heldLocks.size === 0) process.removeListener('exit', releaseHeldLocks);
      const current = await readFile(file, 'utf8').catch(() => undefined);
      if (current === text) await rm(file, { force: true });
    },
  };
}

/** Lock file -> the text this process wrote into it. */
const heldLocks = new Map<string, string>();

function releaseHeldLocks(): void {
  for (const [file, text] of heldLocks) {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // NOTE: already gone.
    }
  }
  heldLocks.clear();
}
