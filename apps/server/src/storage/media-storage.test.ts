import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaStorage } from './media-storage.ts';

describe('MediaStorage', () => {
  let dir: string;
  let storage: MediaStorage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-storage-'));
    storage = new MediaStorage(path.join(dir, 'media'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes buffers and streams atomically, stats and reads ranges', async () => {
    expect(await storage.write('jobs/j/a/one.mp4', Buffer.from('0123456789'))).toMatchObject({
      size: 10,
    });
    await storage.write('jobs/j/b/two.mp4', Readable.from(['ab', 'cd']));
    expect(await readFile(storage.resolve('jobs/j/b/two.mp4'), 'utf8')).toBe('abcd');
    expect(await storage.stat('jobs/j/a/one.mp4')).toMatchObject({ size: 10 });
    expect(await storage.stat('jobs/j/a/none.mp4')).toBeUndefined();
    expect(await text(storage.createReadStream('jobs/j/a/one.mp4', { start: 2, end: 4 }))).toBe(
      '234',
    );
    await storage.write('jobs/j/a/one.mp4', 'replaced');
    expect(await readFile(storage.resolve('jobs/j/a/one.mp4'), 'utf8')).toBe('replaced');
    expect(await readdir(storage.tempDir)).toEqual([]);
    expect(await storage.list('jobs/j')).toEqual(['jobs/j/a/one.mp4', 'jobs/j/b/two.mp4']);
  });

  it('leaves the old file when a streamed write fails', async () => {
    await storage.write('jobs/j/a/one.mp4', 'old');
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('source failed'));
      },
    });
    await expect(storage.write('jobs/j/a/one.mp4', failing)).rejects.toThrow('source failed');
    expect(await readFile(storage.resolve('jobs/j/a/one.mp4'), 'utf8')).toBe('old');
    expect(await readdir(storage.tempDir)).toEqual([]);
  });

  it('never resolves outside the root', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.tmp/x', '']) {
      expect(() => storage.resolve(key)).toThrow();
    }
  });

  it('deletes keys and prefixes, pruning empty folders', async () => {
    await storage.write('jobs/j/a/one.mp4', '1');
    await storage.write('jobs/j/b/two.mp4', '2');
    await storage.write('jobs/k/a/three.mp4', '3');
    expect(await storage.delete('jobs/j/a/one.mp4')).toBe(true);
    expect(await storage.delete('jobs/j/a/one.mp4')).toBe(false);
    expect(await readdir(path.join(storage.root, 'jobs/j'))).toEqual(['b']);
    await storage.deletePrefix('jobs/j');
    expect(await readdir(path.join(storage.root, 'jobs'))).toEqual(['k']);
    await storage.deletePrefix('jobs/nothing');
  });

  it('moves files and commits temp files over existing keys', async () => {
    await storage.write('jobs/j/a/x.mp4', 'x');
    await storage.move('jobs/j/a/x.mp4', 'jobs/j/b/y.mp4');
    expect(await storage.list('jobs')).toEqual(['jobs/j/b/y.mp4']);
    const temp = await storage.createTempFile('.mp4');
    await writeFile(temp.path, 'rendered');
    await temp.commit('jobs/j/b/y.mp4');
    await temp.discard();
    expect(await readFile(storage.resolve('jobs/j/b/y.mp4'), 'utf8')).toBe('rendered');
    expect(await readdir(storage.tempDir)).toEqual([]);
  });

  it('sweeps only old temp files', async () => {
    const old = await storage.createTempFile();
    const fresh = await storage.createTempFile();
    await writeFile(old.path, 'x');
    await writeFile(fresh.path, 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(old.path, twoDaysAgo, twoDaysAgo);
    expect(await storage.sweepTemp()).toBe(1);
    expect(await readdir(storage.tempDir)).toEqual([path.basename(fresh.path)]);
  });

  it('sweeps at once the temp files of a process that died on this machine', async () => {
    const mine = await storage.createTempFile('.upload');
    await writeFile(mine.path, 'x');
    const name = path.basename(mine.path);
    // The same file name as a process with a dead pid (or this pid from an earlier start) makes.
    const orphan = path.join(storage.tempDir, name.replace(/_[0-9a-f]{8}_/, '_00000000_'));
    await writeFile(orphan, 'partial upload');
    expect(await storage.sweepTemp()).toBe(1);
    expect(await readdir(storage.tempDir)).toEqual([name]);
  });
});
