import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, healthResponseSchema } from '@roughcut/shared';
import {
  TEST_DATABASES,
  TEST_ORIGIN,
  loginUser,
  newCredentials,
  registerUser,
  startTestApp,
  withSession,
} from './test/test-app.ts';
import type { TestApp } from './test/test-app.ts';
import { FORM_BODY_REFUSED } from './http/endpoint-route.ts';

const errOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).err;

describe.each(TEST_DATABASES)('the app on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'roughcut-web-'));
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await startTestApp(kind, {
      rateLimits: { perIp: 4, perAccount: 3, windowMs: 60_000 },
      env: { WEB_DIST: webDist },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves the SPA: files as they are, any other page as index.html', async () => {
    for (const url of ['/', '/edits', '/register/abc/confirm', '/manage/automation/1?x=y']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-1.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /api/health answers ok without naming the database (issue 32)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(healthResponseSchema.parse(response.json())).toEqual({ ok: true });
  });

  it('unknown API paths get a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(errOf(response.body)).toBe(`Not found: ${method} /api/does-not-exist`);
    }
  });

  it('sends security headers with a CSP that allows the SPA and the subtitle renderer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses oversize bodies with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x'.repeat(20 * 1024), password: 'y' },
    });
    expect(response.statusCode).toBe(413);
    expect(errOf(response.body)).toBe('The request body is too large.');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errOf(response.body)).toContain('Content-Type: application/json');
  });

  describe('CSRF', () => {
    it('blocks cross-site state changes, with or without a session', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const token = await loginUser(t, creds.email, creds.password);
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/manage/user',
          headers,
          ...withSession(token),
          payload: { username: 'hacked' },
        });
        expect(response.statusCode).toBe(403);
        expect(errOf(response.body)).toContain('came from another site');
      }
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/manage/user',
        ...withSession(token),
      });
      expect(me.json()).toMatchObject({ username: creds.username });
    });

    it('allows our own origin; a form body only where the spec posts one', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const token = await loginUser(t, creds.email, creds.password);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/manage/user',
        headers: { origin: TEST_ORIGIN },
        ...withSession(token),
        payload: { username: `${creds.username}-a` },
      });
      expect(json.statusCode).toBe(200);
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/manage/user',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        ...withSession(token),
        payload: `username=${creds.username}-b`,
      });
      // NOTE: the billing page's form posts are the only ones (modules/billing/checkout.int.test.ts).
      expect(form.statusCode).toBe(415);
      expect(errOf(form.body)).toBe(FORM_BODY_REFUSED);
      // PUBLIC_URL's loopback aliases are ours too (http://127.0.0.1:3000 for localhost:3000).
      const alias = await t.app.inject({
        method: 'POST',
        url: '/api/manage/user',
        headers: { origin: 'http://127.0.0.1:3000' },
        ...withSession(token),
        payload: { username: `${creds.username}-c` },
      });
      expect(alias.statusCode).toBe(200);
    });

    it('does not trust the Host header: a matching Host and Origin of another site is refused', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const token = await loginUser(t, creds.email, creds.password);
      for (const headers of [
        { origin: 'http://attacker.example', host: 'attacker.example' },
        { origin: 'http://attacker.example', 'x-forwarded-host': 'attacker.example' },
        { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/manage/user',
          headers,
          ...withSession(token),
          payload: { username: `${creds.username}-evil` },
        });
        expect(response.statusCode).toBe(403);
      }
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/manage/user',
        ...withSession(token),
      });
      expect(me.json()).toMatchObject({ username: creds.username });
    });
  });

  describe('rate limits', () => {
    // NOTE: wrong-password lockout (per account and client) is tested in
    // modules/auth/login-lockout.int.test.ts.
    it('limits register and reset per IP', async () => {
      for (const [n, base] of ['/api/register', '/api/resetpassword/someone'].entries()) {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const isRegister = base === '/api/register';
          const response = await t.app.inject({
            method: 'POST',
            url: isRegister ? base : `${base}${i}`,
            headers: { 'x-forwarded-for': `10.1.${n}.1` },
            payload: isRegister ? { email: '', username: '', password: '' } : {},
          });
          statuses.push(response.statusCode);
        }
        expect(statuses.slice(0, 4).every((status) => status !== 429)).toBe(true);
        expect(statuses[4]).toBe(429);
      }
    });

    it('limits reset requests per account identifier', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/resetpassword/Victim@Example.com',
          headers: { 'x-forwarded-for': `10.2.0.${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});

describe('the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says how to build it when WEB_DIST has no index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/edits' });
    expect(response.statusCode).toBe(404);
    expect(errOf(response.body)).toContain('npm run build');
  });
});
