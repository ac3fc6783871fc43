import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { registerErrorHandling } from '../http/errors.ts';
import { TEST_DATABASES } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { MEDIA_MESSAGES, mediaRoutes } from './media-routes.ts';
import { MediaStorage } from './media-storage.ts';
import type { MediaSigner } from './media-token.ts';
import { createMediaSigner } from './media-token.ts';

const run = promisify(execFile);

describe.each(TEST_DATABASES)('mediaRoutes on %s', (kind) => {
  let database: Database;
  let dir: string;
  let app: FastifyInstance;
  let signer: MediaSigner;
  let clock = Date.now();
  const video = randomBytes(200_000);
  const KEY = 'jobs/j1/a1/video.mp4';
  const S = { session: { id: 'live-session', stamp: 'pw1' } };
  const liveSessions = new Map([
    ['live-session', 'pw1'],
    ['other-session', 'pw1'],
  ]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-media-'));
    const storage = new MediaStorage(path.join(dir, 'media'));
    await storage.write(KEY, video);
    await storage.write('jobs/j1/a2/clip.mp4', video.subarray(0, 5000));
    database = await openTestDatabase(kind);
    signer = createMediaSigner('x'.repeat(64), database.db, () => clock);
    app = Fastify();
    registerErrorHandling(app);
    await app.register(mediaRoutes, {
      storage,
      signer,
      sessionStamp: (id) => Promise.resolve(liveSessions.get(id)),
      now: () => clock,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  it('serves the whole file inline with type, length, disposition and caching headers', async () => {
    const url = await signer.signMediaUrl(KEY, { ...S, expiresInS: 600, fileName: 'My talk.mp4' });
    expect(url).toMatch(/^\/api\/media\/[\w-]+\.[\w-]+$/);
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(video)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.length),
      'accept-ranges': 'bytes',
      'content-disposition': 'inline; filename="My talk.mp4"',
      'cache-control': 'private, max-age=600',
    });
    expect(response.headers.etag).toBeTruthy();
  });

  it('answers HEAD with the headers only', async () => {
    const response = await get(await signer.signMediaUrl(KEY, S), {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(video.length));
    expect(response.rawPayload.length).toBe(0);
    const ranged = await get(await signer.signMediaUrl(KEY, S), { range: 'bytes=0-9' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
  });

  it.each([
    ['bytes=100-199', 100, 199],
    ['bytes=199000-', 199_000, 199_999],
    ['bytes=-500', 199_500, 199_999],
    ['bytes=150000-999999999', 150_000, 199_999],
    ['bytes=-999999999', 0, 199_999],
  ])('serves the range %s', async (range, start, end) => {
    const response = await get(await signer.signMediaUrl(KEY, S), { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=200000-', 'bytes=300000-300010', 'bytes=-0'])(
    'answers 416 to %s',
    async (range) => {
      const response = await get(await signer.signMediaUrl(KEY, S), { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(response.json()).toEqual({ err: MEDIA_MESSAGES.range });
    },
  );

  it.each(['items=0-5', 'bytes=5-2', 'bytes=0-1,5-9', 'bytes=abc'])(
    'ignores the malformed range %s',
    async (range) => {
      const response = await get(await signer.signMediaUrl(KEY, S), { range });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(video.length);
    },
  );

  it('honours If-None-Match and If-Range', async () => {
    const url = await signer.signMediaUrl(KEY, S);
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('uses RFC 5987 for non-ASCII names and attachment when asked', async () => {
    const url = await signer.signMediaUrl(KEY, {
      ...S,
      fileName: 'Café "best" clip.mp4',
      disposition: 'attachment',
    });
    const response = await get(url);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ best clip.mp4"; filename*=UTF-8''Caf%C3%A9%20best%20clip.mp4`,
    );
  });

  it('refuses expired and tampered tokens', async () => {
    const url = await signer.signMediaUrl(KEY, { ...S, expiresInS: 60 });
    clock += 61_000;
    const expired = await get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ err: MEDIA_MESSAGES.expired });

    const fresh = await signer.signMediaUrl(KEY, S);
    const [body = '', sig = ''] = fresh.slice('/api/media/'.length).split('.');
    // NOTE: the token is opaque now: a forgery is another id under the same check.
    const forged = randomBytes(16).toString('base64url');
    for (const bad of [
      `${forged}.${sig}`,
      `${body}.${sig.slice(0, -2)}AA`,
      `${body}`,
      'garbage',
      '',
    ]) {
      const response = await get(`/api/media/${bad}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ err: MEDIA_MESSAGES.invalid });
    }
    const other = await createMediaSigner('y'.repeat(64), database.db, () => clock).signMediaUrl(
      KEY,
      S,
    );
    expect((await get(other)).statusCode).toBe(403);
  });

  it('refuses the links of a session that has ended or changed its password', async () => {
    const mine = { session: { id: 'other-session', stamp: 'pw1' } };
    const file = await signer.signMediaUrl(KEY, mine);
    const zip = await signer.signZipUrl([{ name: 'a.mp4', key: KEY }], { ...mine, fileName: 'z' });
    expect((await get(file, { range: 'bytes=0-9' })).statusCode).toBe(206);
    liveSessions.set('other-session', 'pw2');
    expect((await get(file, { range: 'bytes=0-9' })).statusCode).toBe(403);
    liveSessions.delete('other-session');
    for (const url of [file, zip]) {
      const response = await get(url, { range: 'bytes=0-9' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ err: MEDIA_MESSAGES.signedOut });
    }
    expect((await get(await signer.signMediaUrl(KEY, S), { range: 'bytes=0-9' })).statusCode).toBe(
      206,
    );
  });

  it('answers 404 when the file is gone', async () => {
    const response = await get(await signer.signMediaUrl('jobs/j1/gone/video.mp4', S));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err: MEDIA_MESSAGES.missing });
  });

  it('streams a zip of several files as an attachment', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      name: `Clip number ${i + 1} – a long descriptive title.mp4`,
      key: i % 2 === 0 ? KEY : 'jobs/j1/a2/clip.mp4',
    }));
    const url = await signer.signZipUrl(entries, { ...S, fileName: 'My edit' });
    // NOTE: the link names a row, not its entries: as short with twelve files as with one.
    expect(url).toMatch(/^\/api\/media\/[\w-]+\.[\w-]+$/);
    expect(url.length).toBeLessThan(100);
    const head = await get(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    const response = await get(url, { range: 'bytes=0-10' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="My edit.zip"',
      'content-length': String(response.rawPayload.length),
    });
    expect(head.headers['content-length']).toBe(String(response.rawPayload.length));
    const file = path.join(dir, 'download.zip');
    await writeFile(file, response.rawPayload);
    const { stdout } = await run('unzip', ['-l', file]);
    expect(stdout).toContain(`${video.length}  `);
    expect(stdout).toContain('Clip number 12 – a long descriptive title.mp4');
    expect(stdout).toMatch(/12 files/);
  });
});
