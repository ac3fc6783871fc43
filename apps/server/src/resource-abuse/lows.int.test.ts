// The resource-abuse catalogue, the audit's lows and infos (issue 32): each case as a hostile user
// tried it on 3771699, and what must hold now.
// - a burst of simultaneous wrong passwords gets no more checks than the lockout allows;
// - text XML 1.0 or PostgreSQL cannot hold is refused where typed (a 400 that says what to do, no
//   request body in an error log) and dropped from an uploaded file's name;
// - the GETs that change state (a framing request, an export) refuse another site;
// - a media link is an opaque random token, looked up on the server, swept once expired;
// - the health check answers without naming the database;
// - a framing job whose edit was deleted under it ends at once instead of being retried;
// - an oversized JSON body gets a 413 the client reads (fetch, curl with and without Expect).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_LINK_LIFETIME_S,
  apiPaths,
  assetListResponseSchema,
  clipListResponseSchema,
  errorResponseSchema,
  urlResponseSchema,
} from '@roughcut/shared';
import { registerErrorHandling } from '../http/errors.ts';
import { CSRF_MESSAGE } from '../http/csrf.ts';
import { cleanupAuthJob } from '../modules/auth/cleanup-auth.job.ts';
import { frameClipsJob } from '../modules/edit/framing.queue-jobs.ts';
import { reviewable } from '../modules/edit/clips.fixtures.ts';
import { frameClipsHandler } from '../modules/pipeline/frame-clips.job.ts';
import { MediaStorage } from '../storage/media-storage.ts';
import {
  TEST_DATABASES,
  TEST_ORIGIN,
  newCredentials,
  registerUser,
  startTestApp,
  withSession,
} from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { talkingVideo } from '../test/test-media.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../test/video-edits.ts';

const run = promisify(execFile);
const errOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).err;
const FOREIGN = 'https://evil.example';

/** A logger that keeps every line, to read what reached the error level. */
function capturingLogger() {
  const lines: { level: number; text: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push({ level: (JSON.parse(text) as { level: number }).level, text });
      }
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  const errors = () => lines.filter((line) => line.level >= 50).map((line) => line.text);
  return { logger, errors };
}

describe.each(TEST_DATABASES)('the audit lows on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let video: Buffer;
  const log = capturingLogger();

  beforeAll(async () => {
    // NOTE: the production per-account limit (10); the per-IP limit is out of the way.
    t = await startTestApp(kind, {
      rateLimits: { perIp: 10_000, perAccount: 10 },
      logger: log.logger,
    });
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-lows-'));
    video = await readFile(await talkingVideo(dir));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const login = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': ip },
      payload: { email, password },
    });
  const statusesOf = async (requests: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(requests)).map((response) => response.statusCode);

  it('checks no more wrong passwords than the limit, however many arrive at once', async () => {
    const creds = newCredentials('burst');
    await registerUser(t, creds);
    // One client: 30 at once, of which at most 10 (the per-client limit) are checked.
    const fromOne = await statusesOf(
      Array.from({ length: 30 }, () => login('10.32.0.1', creds.email, 'wrong-password')),
    );
    expect(fromOne.filter((s) => s === 401)).toHaveLength(10);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(20);

    // Thirty clients at once: at most 20 more (the account-wide ceiling) in the same window.
    const other = newCredentials('burst');
    await registerUser(t, other);
    const fromMany = await statusesOf(
      Array.from({ length: 30 }, (_, i) => login(`10.33.${i}.1`, other.email, `wrong-${i}`)),
    );
    expect(fromMany.filter((s) => s === 401)).toHaveLength(20);
    expect(fromMany.filter((s) => s === 429)).toHaveLength(10);

    // One by one, as before: ten wrong passwords are checked, then 429; the owner, from a
    // client that has not failed, is still refused only once the account has had its share.
    const third = newCredentials('burst');
    await registerUser(t, third);
    const oneByOne: number[] = [];
    for (let i = 0; i < 11; i++) {
      oneByOne.push((await login('10.34.0.1', third.email, 'wrong')).statusCode);
    }
    expect(oneByOne).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await login('10.34.0.2', third.username, third.password)).statusCode).toBe(200);
  });

  it('refuses text XML or PostgreSQL cannot hold where it is typed', async () => {
    const r = await reviewable(t, video);
    const [short] = clipListResponseSchema
      .parse((await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json())
      .filter((clip) => !clip.is_long_form);
    if (!short) throw new Error('no short clip');
    const marker = `MARKER-${kind}-${Date.now()}`;
    const phrases = short.segments.map((s, i) => ({
      start: s.start,
      end: s.end,
      phrase: i === 0 ? `${marker} \uD83D` : s.phrase,
    }));
    const confirmed = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
      subtitle: short.draw_settings,
      phrases,
    });
    expect(confirmed.statusCode).toBe(400);
    expect(errOf(confirmed.body)).toMatch(/^A phrase contains a character that cannot be saved/);
    for (const bad of ['\uFFFE', '\uFFFF']) {
      phrases[0] = { ...phrases[0]!, phrase: `bad ${bad}` };
      const again = await r.call('POST', apiPaths.clipConfirm(r.jobId, r.instanceId, short.id), {
        subtitle: short.draw_settings,
        phrases,
      });
      expect(again.statusCode).toBe(400);
    }

    // Names: refused with the field named, never stored as U+FFFD.
    for (const bad of ['\uD800', '\uDFFF', '\uFFFE', '\uFFFF']) {
      const edit = await r.call('PUT', apiPaths.autojobCreate(), {
        name: `My ${bad}talk`,
        steps: ['short-form-clips'],
      });
      expect(edit.statusCode).toBe(400);
      expect(errOf(edit.body)).toMatch(/^'name' is not valid: it contains a character that/);
      const template = await r.call('PUT', apiPaths.templateCreate(), {
        name: `Style ${bad}`,
        template: {},
      });
      expect(template.statusCode).toBe(400);
      expect(errOf(template.body)).toMatch(/^'name' is not valid: it contains a character that/);
      const user = await r.call('POST', apiPaths.saveUser(), { username: `ann${bad}` });
      expect(user.statusCode).toBe(400);
      expect(errOf(user.body)).toMatch(/^'username' is not valid:/);
      const signUpAgain = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: `a${bad}@example.com`, username: 'someone', password: 'long-password' },
      });
      expect(signUpAgain.statusCode).toBe(400);
    }
    const names = (await r.call('GET', apiPaths.autojobs())).body;
    expect(names).not.toContain('\uFFFD');
    for (const line of log.errors()) expect(line).not.toContain(marker);
  }, 120_000);

  it('logs a request that failed in the database without what the user sent', async () => {
    const marker = `MARKER-${kind}-${Date.now()}`;
    const probe = Fastify({ loggerInstance: log.logger });
    registerErrorHandling(probe);
    probe.get('/fails', async () => t.app.ctx.db.execute(sql`select ${marker}::jsonb as x`));
    const failed = await probe.inject({ method: 'GET', url: '/fails' });
    await probe.close();
    expect(failed.statusCode).toBe(500);
    const errors = log.errors();
    expect(errors.some((line) => line.includes('Failed query: select'))).toBe(true);
    for (const line of errors) expect(line).not.toContain(marker);
  });

  it('drops what cannot be stored from the name of an uploaded file', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call, ['short-form-clips']);
    const uploaded = await upload(t, token, job.id, [mp4Part(video, 'my\uFFFE talk\uFFFF.mp4')]);
    expect(uploaded.statusCode).toBe(200);
    const { assets } = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(job.id))).json(),
    );
    expect(assets.map((asset) => asset.name)).toEqual(['my talk.mp4']);
  }, 60_000);

  it('refuses a framing request or an export from another site', async () => {
    const r = await reviewable(t, video);
    const [short] = clipListResponseSchema
      .parse((await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json())
      .filter((clip) => !clip.is_long_form);
    if (!short) throw new Error('no short clip');
    const framing = apiPaths.clipFraming(r.jobId, r.instanceId, short.id, { reframe: 'split' });
    const urls = [
      framing,
      apiPaths.editExport(r.jobId, 'srt'),
      apiPaths.clipExport(r.jobId, r.instanceId, short.id, 'fcpxml'),
    ];
    // An image or a link on another site: Origin, Referer or Sec-Fetch-Site says so.
    for (const headers of [
      { origin: FOREIGN },
      { referer: `${FOREIGN}/page` },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      for (const url of urls) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers,
          ...withSession(r.token),
        });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(errOf(response.body)).toBe(CSRF_MESSAGE);
      }
    }
    const queued = await t.app.ctx.queue.boss.findJobs(frameClipsJob.name, {
      data: { instanceId: r.instanceId },
    });
    expect(queued).toEqual([]);
    // Our own page's fetch passes the check (Sec-Fetch-Site, as Chromium sends it).
    const own = await t.app.inject({
      method: 'GET',
      url: framing,
      headers: { 'sec-fetch-site': 'same-origin', referer: `${TEST_ORIGIN}/manage` },
      ...withSession(r.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ state: 'pending' });
  }, 60_000);

  it('hands out opaque media links, served from a row that is swept once expired', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const job = await createJob(call, ['short-form-clips']);
    expect((await upload(t, token, job.id, [mp4Part(video, 'talk.mp4')])).statusCode).toBe(200);
    const [asset] = assetListResponseSchema.parse(
      (await call('GET', apiPaths.autojobAssets(job.id))).json(),
    ).assets;
    const linkOf = async () =>
      urlResponseSchema.parse(
        (await call('GET', apiPaths.autojobAsset(job.id, asset?.id ?? ''))).json(),
      ).url;
    const url = await linkOf();
    const tokenPart = url.slice('/api/media/'.length);
    expect(tokenPart).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    for (const part of tokenPart.split('.')) {
      const decoded = Buffer.from(part, 'base64url').toString('latin1');
      expect(() => JSON.parse(decoded) as unknown).toThrow();
      expect(decoded).not.toMatch(/jobs|talk|mp4/);
    }
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(video.subarray(0, 10))).toBe(true);

    // The row the token names: found by the token's hash, it expires with the link's lifetime.
    const rowOf = async (link: string) => {
      const id = createHash('sha256')
        .update(link.slice('/api/media/'.length).split('.')[0] ?? '')
        .digest('base64url');
      // NOTE: plain SQL, so this file also runs (and fails) on the code before the table existed.
      const result: unknown = await t.app.ctx.db.execute(
        sql`select extract(epoch from expires_at)::float8 as expires from media_links where id = ${id}`,
      );
      return { id, expiresS: (result as { rows: { expires: number }[] }).rows[0]?.expires };
    };
    const row = await rowOf(url);
    expect(row.expiresS).toBeGreaterThan(Date.now() / 1000 + MEDIA_LINK_LIFETIME_S - 60);
    expect(row.expiresS).toBeLessThanOrEqual(Date.now() / 1000 + MEDIA_LINK_LIFETIME_S);
    try {
      t.advanceClock(MEDIA_LINK_LIFETIME_S * 1000);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      t.resetClock();
    }

    // Expired long ago: the hourly clean-up removes its row, and keeps the live ones.
    const live = await linkOf();
    await t.app.ctx.db.execute(
      sql`update media_links set expires_at = now() - interval '3 days' where id = ${row.id}`,
    );
    await cleanupAuthJob.handle({}, {
      db: t.app.ctx.db,
      log: t.app.log,
    } as unknown as Parameters<typeof cleanupAuthJob.handle>[1]);
    expect((await rowOf(url)).expiresS).toBeUndefined();
    expect((await rowOf(live)).expiresS).toBeGreaterThan(Date.now() / 1000);
    const served = await t.app.inject({
      method: 'GET',
      url: live,
      headers: { range: 'bytes=0-9' },
    });
    expect(served.statusCode).toBe(206);
  }, 60_000);

  it('answers the health check without naming the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('ends a framing job at once when its edit is deleted under it', async () => {
    const r = await reviewable(t, video);
    const [short] = clipListResponseSchema
      .parse((await r.call('GET', apiPaths.instanceClips(r.jobId, r.instanceId))).json())
      .filter((clip) => !clip.is_long_form);
    if (!short) throw new Error('no short clip');
    // NOTE: the real storage; its check that the video exists is the moment the user deletes
    // the edit (rows, then files), as in a job queued just before the delete.
    const deleteEdit = () => r.call('DELETE', apiPaths.autojobDelete(r.jobId));
    class DeletedMeanwhile extends MediaStorage {
      override async exists(key: string): Promise<boolean> {
        const found = await super.exists(key);
        expect((await deleteEdit()).statusCode).toBe(200);
        return found;
      }
    }
    const storage = new DeletedMeanwhile(t.app.ctx.storage.root);
    await expect(
      frameClipsHandler.handle({ instanceId: r.instanceId, clipId: short.id }, {
        db: t.app.ctx.db,
        config: t.app.ctx.config,
        storage,
        log: t.app.log,
        jobId: 'framing-after-delete',
        signal: new AbortController().signal,
        // The first of three tries: a thrown error would have the queue try again.
        attempt: { retryCount: 0, retryLimit: 2 },
      } as unknown as Parameters<typeof frameClipsHandler.handle>[1]),
    ).resolves.toBeUndefined();
  }, 120_000);

  it('answers an oversized JSON body with a 413 the client reads', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const body = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20 * 1024 * 1024) });
    const file = path.join(dir, 'big.json');
    await writeFile(file, body);
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(413);
      expect(errOf(await response.text())).toBe('The request body is too large.');
    }
    const curl = (extra: string[]) =>
      run('curl', [
        '-sS',
        '-v',
        '-X',
        'POST',
        '-H',
        'content-type: application/json',
        '--data-binary',
        `@${file}`,
        ...extra,
        `${base}/api/auth/login`,
      ]);
    for (let i = 0; i < 4; i++) {
      // curl asks first (Expect: 100-continue) and is answered before it sends the body.
      const asked = await curl([]);
      expect(asked.stderr).toContain('Expect: 100-continue');
      expect(asked.stderr).toContain('< HTTP/1.1 413');
      expect(asked.stderr).not.toContain('100 Continue');
      expect(errOf(asked.stdout)).toBe('The request body is too large.');
      // Without asking, it sends all of it: the server reads and drops it, then answers.
      const sent = await curl(['-H', 'Expect:']);
      expect(sent.stderr).toContain('< HTTP/1.1 413');
      expect(errOf(sent.stdout)).toBe('The request body is too large.');
    }
  }, 120_000);
});
