// Where resumable (tus) uploads keep their bytes until the last one arrives: @tus/file-store's
// folder inside the media storage (so a shared STORAGE_DIR serves every process), with the
// upload's first bytes checked before anything past them is stored.
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { RESUMABLE_UPLOAD_EXPIRY_MS } from '@roughcut/shared';
import type { MediaStorage } from './media-storage.ts';

/** The folder under the storage root; its files are `<id>` (the bytes) and `<id>.json` (info). */
export const RESUMABLE_DIR_NAME = '.uploads';

export const resumableDirOf = (storage: MediaStorage): string =>
  path.join(storage.root, RESUMABLE_DIR_NAME);

/** Enough leading bytes to tell an mp4 from text, images and other containers. */
export const HEAD_CHECK_BYTES = 64;

export type ResumableStoreHooks = {
  /**
   * Called once an upload's first HEAD_CHECK_BYTES (or all of a shorter file) are known, before
   * they are stored; throw to refuse the upload (a tus error object: status_code and body).
   */
  checkHead(uploadId: string, head: Buffer): Promise<void>;
  /** After every write, with the upload's new offset. */
  written(uploadId: string, offset: number): Promise<void>;
  /** After the client terminated the upload (DELETE) and its files are gone, before the answer. */
  removed(uploadId: string): Promise<void>;
};

async function readStoredHead(file: string, length: number): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The rest of an iterator after the chunks already taken from it. */
async function* resumed(taken: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* taken;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * @tus/file-store with the head check. NOTE: the check runs before `super.write`, whose pipeline
 * would turn any error thrown inside it into a generic 500.
 */
export class CheckedFileStore extends FileStore {
  readonly #hooks: ResumableStoreHooks;
  readonly #dir: string;

  constructor(directory: string, hooks: ResumableStoreHooks) {
    super({ directory, expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS });
    this.#hooks = hooks;
    this.#dir = directory;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let source = readable;
    if (offset < HEAD_CHECK_BYTES) {
      const { size } = await this.getUpload(id);
      const enough = Math.min(HEAD_CHECK_BYTES, size ?? HEAD_CHECK_BYTES);
      const stored = await readStoredHead(path.join(this.#dir, id), offset);
      const iterator = (readable as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      const taken: Buffer[] = [];
      let length = offset;
      let ended = false;
      while (length < enough && !ended) {
        const next = await iterator.next();
        if (next.done) ended = true;
        else {
          taken.push(next.value);
          length += next.value.length;
        }
      }
      // NOTE: a request that ended short of the head is stored as it is; the next one checks.
      if (length >= enough) await this.#hooks.checkHead(id, Buffer.concat([stored, ...taken]));
      source = Readable.from(ended ? taken : resumed(taken, iterator));
    }
    const written = await super.write(source, id, offset);
    await this.#hooks.written(id, written);
    return written;
  }

  // NOTE: here rather than on tus's POST_TERMINATE event, which fires after the 204 is sent: a
  // client reading its storage right after the DELETE must see the room freed.
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.#hooks.removed(id);
  }
}

/** Removes an upload's bytes and info wherever it stands; missing files are fine. */
export async function removeResumableFiles(storage: MediaStorage, uploadId: string): Promise<void> {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) return;
  const dir = resumableDirOf(storage);
  await rm(path.join(dir, uploadId), { force: true });
  await rm(path.join(dir, `${uploadId}.json`), { force: true });
}

/** Moves a finished upload's bytes to `key` in the storage and drops its info file. */
export async function commitResumableFile(
  storage: MediaStorage,
  uploadId: string,
  key: string,
): Promise<void> {
  const target = storage.resolve(key);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(path.join(resumableDirOf(storage), uploadId), target);
  await rm(path.join(resumableDirOf(storage), `${uploadId}.json`), { force: true });
}

/** Uploads whose bytes sit in the folder, with when they were last written (ms). */
export async function listResumableFiles(
  storage: MediaStorage,
): Promise<{ id: string; mtimeMs: number }[]> {
  const dir = resumableDirOf(storage);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: { id: string; mtimeMs: number }[] = [];
  for (const name of names) {
    if (!/^[0-9a-f]{32}$/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info) found.push({ id: name, mtimeMs: info.mtimeMs });
  }
  return found;
}
