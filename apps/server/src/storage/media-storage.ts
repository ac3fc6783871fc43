import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatOwner, isOwnerGone, parseOwner } from '../process/process-owner.ts';
import { assertStorageKey } from './storage-keys.ts';

// NOTE: on a fleet, every web and worker process mounts the SAME directory (NFS, EFS, SMB...) as
// STORAGE_DIR: uploads land on one machine, renders run on another, downloads are served by a
// third. Everything here therefore relies only on what shared file systems guarantee: rename()
// within one file system is atomic (temp files live below the root for that reason), and no
// in-process state or lock is assumed.

export const TEMP_DIR_NAME = '.tmp';

export type StoredFile = { size: number; mtimeMs: number };

export type ByteRange = { start: number; end: number };

export type TempFile = {
  /** Absolute path of the temp file (for tools such as ffmpeg that write by path). */
  path: string;
  /** Moves the finished temp file to `key`, replacing what was there. */
  commit(key: string): Promise<void>;
  /** Removes the temp file; safe to call twice or after commit. */
  discard(): Promise<void>;
};

export class MediaStorage {
  readonly root: string;
  readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, TEMP_DIR_NAME);
  }

  /** Absolute path of a key, guaranteed to be inside the root. */
  resolve(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    const relative = path.relative(this.root, full);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new Error(`Storage key escapes the root: ${key}`);
    }
    return full;
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    try {
      const info = await stat(this.resolve(key));
      return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  /** A read stream of the whole file or of an inclusive byte range. */
  createReadStream(key: string, range?: ByteRange, highWaterMark = 256 * 1024): ReadStream {
    return createReadStream(this.resolve(key), {
      ...(range ? { start: range.start, end: range.end } : {}),
      highWaterMark,
    });
  }

  /** A fresh temp file below the root, to be committed to a key or discarded. */
  async createTempFile(suffix = ''): Promise<TempFile> {
    await mkdir(this.tempDir, { recursive: true });
    // NOTE: named after this process, so a sweep can tell a dead writer's file at once.
    const tempPath = path.join(
      this.tempDir,
      `${formatOwner()}_${randomUUID()}${suffix.replace(/[^A-Za-z0-9.]/g, '')}`,
    );
    let committed = false;
    return {
      path: tempPath,
      commit: async (key: string) => {
        await syncFile(tempPath);
        await renameInto(tempPath, this.resolve(key));
        committed = true;
      },
      discard: async () => {
        if (!committed) await rm(tempPath, { force: true });
      },
    };
  }

  /** Writes a buffer or stream to `key` atomically: readers see the old file or the whole new one. */
  async write(key: string, data: Buffer | string | Readable): Promise<StoredFile> {
    this.resolve(key);
    const temp = await this.createTempFile();
    try {
      const out = createWriteStream(temp.path, { flags: 'wx' });
      if (typeof data === 'string' || Buffer.isBuffer(data)) {
        await new Promise<void>((resolve, reject) => {
          out.on('error', reject);
          out.end(data, resolve);
        });
      } else {
        await pipeline(data, out);
      }
      await temp.commit(key);
    } finally {
      await temp.discard();
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`Stored file vanished: ${key}`);
    return stored;
  }

  /** Moves `key` to `target` (same root), replacing the target. */
  async move(key: string, target: string): Promise<void> {
    await renameInto(this.resolve(key), this.resolve(target));
    await this.pruneEmptyParents(key);
  }

  /** Deletes one file; returns whether it existed. Empty parent folders are removed. */
  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.resolve(key));
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await this.pruneEmptyParents(key);
    return true;
  }

  /** Deletes every file under a key prefix (a whole folder such as `jobs/<jobId>`). */
  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.resolve(prefix), { recursive: true, force: true });
    await this.pruneEmptyParents(prefix);
  }

  /** Keys of every file under a prefix, sorted. */
  async list(prefix: string): Promise<string[]> {
    try {
      const entries = await readdir(this.resolve(prefix), { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path
            .relative(this.root, path.join(entry.parentPath, entry.name))
            .split(path.sep)
            .join('/'),
        )
        .sort();
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  /**
   * Removes temp files (partial uploads and renders) whose writer is gone: a process on this
   * machine that died or restarted, or any file older than `olderThanMs`. Younger files of
   * processes that live, or that run on another machine sharing the folder, are kept.
   */
  async sweepTemp(olderThanMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch (error) {
      if (isNotFound(error)) return 0;
      throw error;
    }
    for (const name of names) {
      const full = path.join(this.tempDir, name);
      try {
        const owner = parseOwner(name);
        const orphaned = owner !== undefined && isOwnerGone(owner) === true;
        if (orphaned || now - (await stat(full)).mtimeMs > olderThanMs) {
          await rm(full, { force: true, recursive: true });
          removed += 1;
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return removed;
  }

  private async pruneEmptyParents(key: string): Promise<void> {
    let dir = path.dirname(this.resolve(key));
    while (dir !== this.root && dir.startsWith(this.root + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone / raced by another writer): stop climbing
      }
      dir = path.dirname(dir);
    }
  }
}

/** rename() creating the target's folder; retried once if a concurrent prune removed it. */
async function renameInto(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if (attempt > 0 || !isNotFound(error)) throw error;
    }
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
