// The MCP server's source rules: files only from inside the allowed folder (no `..`, no symlink
// out, regular .mp4 files within the size limit), addresses only over http(s) to public hosts
// unless private ones are allowed, downloads cut off at the limit.
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, createSourceImporter } from './import-source.ts';
import type { SourceImporter } from './import-source.ts';
import { SOURCE_URL_MESSAGES } from './source-address.ts';
import type { Resolve } from './source-address.ts';

const VIDEO = Buffer.from('....ftypisom fake mp4 bytes');

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'roughcut-import-'));
  root = path.join(base, 'videos');
  outside = path.join(base, 'elsewhere');
  await mkdir(path.join(root, 'talks'), { recursive: true });
  await mkdir(outside);
  await mkdir(path.join(root, 'folder.mp4'));
  await writeFile(path.join(root, 'talks', 'talk.mp4'), VIDEO);
  await writeFile(path.join(root, '..dots.mp4'), VIDEO);
  await writeFile(path.join(root, 'notes.txt'), 'text');
  await writeFile(path.join(root, 'empty.mp4'), '');
  await writeFile(path.join(outside, 'secret.mp4'), VIDEO);
  await symlink(path.join(outside, 'secret.mp4'), path.join(root, 'escape.mp4'));
  await symlink(outside, path.join(root, 'linked-dir'));
  await symlink(path.join(root, 'talks', 'talk.mp4'), path.join(root, 'alias.mp4'));
  await symlink(path.join(root, 'notes.txt'), path.join(root, 'notes.mp4'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const importer = (options: { allowPrivate?: boolean; maxBytes?: number; resolve?: Resolve } = {}) =>
  createSourceImporter({
    root,
    allowPrivate: options.allowPrivate ?? false,
    tempDir: base,
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
    ...(options.resolve && { resolve: options.resolve }),
  });

const refusal = async (from: SourceImporter, source: string): Promise<string> => {
  const error: unknown = await from.open(source).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `${source} was accepted`).toBeInstanceOf(Error);
  return (error as Error).name === 'SourceRefused' ? (error as Error).message : String(error);
};

describe('file paths', () => {
  it('reads a regular .mp4 inside the root, relative paths starting at the root', async () => {
    const byRelative = await importer().open('talks/talk.mp4');
    const byAbsolute = await importer().open(path.join(root, 'talks', 'talk.mp4'));
    expect(byRelative.path).toBe(byAbsolute.path);
    expect(byRelative).toMatchObject({ fileName: 'talk.mp4', size: VIDEO.length });
    await byRelative.release();
    expect((await stat(byRelative.path)).isFile()).toBe(true);
  });

  it('reads a file whose name starts with two dots (not an escape)', async () => {
    expect(await importer().open('..dots.mp4')).toMatchObject({ fileName: '..dots.mp4' });
  });

  it('follows a symlink that stays inside the root', async () => {
    const video = await importer().open('alias.mp4');
    expect(path.basename(video.path)).toBe('talk.mp4');
  });

  it('refuses `..` escapes and absolute paths outside the root', async () => {
    const outsideText = IMPORT_MESSAGES.outside(root);
    expect(await refusal(importer(), '../elsewhere/secret.mp4')).toBe(outsideText);
    expect(await refusal(importer(), 'talks/../../elsewhere/secret.mp4')).toBe(outsideText);
    expect(await refusal(importer(), path.join(outside, 'secret.mp4'))).toBe(outsideText);
    expect(await refusal(importer(), '/etc/passwd')).toBe(outsideText);
    const labelled = createSourceImporter({ root, rootLabel: 'the folder', allowPrivate: false });
    expect(await refusal(labelled, '../elsewhere/secret.mp4')).toBe(
      IMPORT_MESSAGES.outside('the folder'),
    );
    expect(labelled.accepts).not.toContain(root);
  });

  it('refuses symlinks that lead out of the root, to a file or through a folder', async () => {
    expect(await refusal(importer(), 'escape.mp4')).toBe(IMPORT_MESSAGES.outside(root));
    expect(await refusal(importer(), 'linked-dir/secret.mp4')).toBe(IMPORT_MESSAGES.outside(root));
  });

  it('refuses what is not a regular, non-empty .mp4 file within the limit', async () => {
    expect(await refusal(importer(), 'notes.txt')).toBe(IMPORT_MESSAGES.notMp4);
    expect(await refusal(importer(), 'notes.mp4')).toBe(IMPORT_MESSAGES.notMp4);
    expect(await refusal(importer(), 'folder.mp4')).toBe(IMPORT_MESSAGES.notFile);
    expect(await refusal(importer(), 'missing.mp4')).toBe(IMPORT_MESSAGES.missing);
    expect(await refusal(importer(), 'empty.mp4')).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(importer({ maxBytes: 4 }), 'talks/talk.mp4')).toBe(
      IMPORT_MESSAGES.tooLarge(4),
    );
  });

  it('refuses every path when no root is set, saying why', async () => {
    const noRoot = createSourceImporter({
      root: undefined,
      noRootMessage: 'No folder is set.',
      allowPrivate: false,
    });
    expect(await refusal(noRoot, path.join(root, 'talks', 'talk.mp4'))).toBe('No folder is set.');
    expect(noRoot.accepts).not.toMatch(/path/);
  });
});

describe('addresses', () => {
  it('refuses loopback, private, link-local and metadata addresses', async () => {
    for (const url of [
      'http://127.0.0.1/talk.mp4',
      'http://localhost.localdomain.invalid/talk.mp4',
      'http://[::1]/talk.mp4',
      'http://10.1.2.3/talk.mp4',
      'http://192.168.0.10/talk.mp4',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/talk.mp4',
      'http://[fd00:ec2::254]/talk.mp4',
    ]) {
      const resolve: Resolve = () => Promise.resolve(['127.0.0.1']);
      const message = await refusal(importer({ resolve }), url);
      expect(message, url).toBe(SOURCE_URL_MESSAGES.privateAddress);
    }
  });

  it('refuses other schemes, credentials and names that do not resolve', async () => {
    expect(await refusal(importer(), 'file:///etc/passwd')).toBe(SOURCE_URL_MESSAGES.scheme);
    expect(await refusal(importer(), 'ftp://example.com/a.mp4')).toBe(SOURCE_URL_MESSAGES.scheme);
    expect(await refusal(importer(), 'https://me:pw@example.com/a.mp4')).toBe(
      SOURCE_URL_MESSAGES.credentials,
    );
    const nowhere: Resolve = () => Promise.resolve([]);
    expect(await refusal(importer({ resolve: nowhere }), 'https://nowhere.test/a.mp4')).toBe(
      SOURCE_URL_MESSAGES.unresolved,
    );
  });

  it('checks the address again when connecting (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: Resolve = () =>
      Promise.resolve(calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    expect(await refusal(importer({ resolve: rebinding }), 'http://rebind.test/a.mp4')).toBe(
      SOURCE_URL_MESSAGES.privateAddress,
    );
    expect(calls).toBe(2);
  });

  describe('from a local server, private addresses allowed', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/moved') {
          response.writeHead(302, { location: '/files/talk.mp4' }).end();
        } else if (request.url === '/to-metadata') {
          response.writeHead(302, { location: 'ftp://169.254.169.254/' }).end();
        } else if (request.url === '/files/talk.mp4') {
          response.writeHead(200, { 'content-type': 'video/mp4' }).end(VIDEO);
        } else if (request.url === '/huge') {
          // NOTE: no Content-Length: the cap must hold on the bytes themselves.
          response.writeHead(200, { 'content-type': 'video/mp4' });
          response.write(Buffer.alloc(64 * 1024));
          response.end(Buffer.alloc(64 * 1024));
        } else response.writeHead(404).end();
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.close();
    });

    it('fetches the video (following a redirect) into a temp file it removes after', async () => {
      const video = await importer({ allowPrivate: true }).open(`${origin}/moved`);
      expect(video).toMatchObject({ fileName: 'talk.mp4', size: VIDEO.length });
      expect((await stat(video.path)).size).toBe(VIDEO.length);
      await video.release();
      await expect(stat(video.path)).rejects.toThrow(/ENOENT/);
    });

    it('refuses a redirect to another scheme, a missing file and a body past the limit', async () => {
      const allowed = importer({ allowPrivate: true, maxBytes: 100 * 1024 });
      expect(await refusal(allowed, `${origin}/to-metadata`)).toBe(SOURCE_URL_MESSAGES.scheme);
      expect(await refusal(allowed, `${origin}/gone.mp4`)).toMatch(/answered 404/);
      expect(await refusal(allowed, `${origin}/huge`)).toMatch(/larger than the upload limit/);
      const leftovers = (await readdir(base)).filter((name) => name.startsWith('roughcut-source-'));
      expect(leftovers).toEqual([]);
    });

    it('refuses the same server when private addresses are not allowed', async () => {
      expect(await refusal(importer(), `${origin}/files/talk.mp4`)).toBe(
        SOURCE_URL_MESSAGES.privateAddress,
      );
    });
  });
});
