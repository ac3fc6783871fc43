import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStorage } from './media-storage.ts';
import { ZipEntryMissingError, streamZip, uniqueEntryNames } from './zip-stream.ts';

const run = promisify(execFile);

type Listed = { name: string; size: number };

/** Parses `unzip -Z -l` (zipinfo) output: permissions ... size ... name. */
async function listZip(file: string): Promise<Listed[]> {
  const { stdout } = await run('unzip', ['-Z', '-l', file]);
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('-'))
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      return { size: Number(cols[3]), name: cols.slice(9).join(' ') };
    });
}

describe('streamZip', () => {
  let dir: string;
  let storage: MediaStorage;
  const files = {
    a: randomBytes(3 * 1024 * 1024 + 17),
    b: randomBytes(1000),
    c: Buffer.alloc(0),
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-zip-'));
    storage = new MediaStorage(path.join(dir, 'media'));
    await storage.write('jobs/j1/a1/clip.mp4', files.a);
    await storage.write('jobs/j1/a2/clip.mp4', files.b);
    await storage.write('jobs/j1/a3/empty.mp4', files.c);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const forceZip64 of [false, true]) {
    it(`writes an archive unzip reads and verifies${forceZip64 ? ' (ZIP64)' : ''}`, async () => {
      const zip = await streamZip(
        storage,
        [
          { name: 'Hook – the best part.mp4', key: 'jobs/j1/a1/clip.mp4' },
          { name: 'clip.mp4', key: 'jobs/j1/a2/clip.mp4' },
          { name: 'clip.mp4', key: 'jobs/j1/a3/empty.mp4' },
        ],
        { forceZip64 },
      );
      const out = path.join(dir, `out-${String(forceZip64)}.zip`);
      await pipeline(zip.stream, createWriteStream(out));
      const bytes = await readFile(out);
      expect(bytes.length).toBe(zip.size);

      expect(await listZip(out)).toEqual([
        { name: 'Hook – the best part.mp4', size: files.a.length },
        { name: 'clip.mp4', size: files.b.length },
        { name: 'clip (2).mp4', size: 0 },
      ]);
      const test = await run('unzip', ['-t', out]);
      expect(test.stdout).toMatch(/No errors detected/);
      const extracted = await run('unzip', ['-p', out, 'clip.mp4'], { encoding: 'buffer' });
      expect(Buffer.compare(extracted.stdout, files.b)).toBe(0);
    });
  }

  it('refuses before streaming when a file is missing', async () => {
    await expect(
      streamZip(storage, [{ name: 'x.mp4', key: 'jobs/j1/nope/x.mp4' }]),
    ).rejects.toBeInstanceOf(ZipEntryMissingError);
  });

  it('de-duplicates and sanitises entry names', () => {
    expect(uniqueEntryNames(['a.mp4', 'A.mp4', '../../etc/passwd', 'a.mp4'])).toEqual([
      'a.mp4',
      'A (2).mp4',
      'passwd',
      'a (3).mp4',
    ]);
  });
});
