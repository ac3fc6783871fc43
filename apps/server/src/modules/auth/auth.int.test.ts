import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, userResponseSchema } from '@roughcut/shared';
import {
  CONFIRM_LINK,
  RESET_LINK,
  TEST_DATABASES,
  loginUser,
  newCredentials,
  registerUser,
  sessionCookieOf,
  startTestApp,
  waitForLink,
  withSession,
} from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

const errOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).err;
const PASSWORD_TOO_SHORT =
  'Your password must be at least 8 characters long. Please choose a longer password.';

describe.each(TEST_DATABASES)('auth endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload?: object, extra: object = {}) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...extra });

  describe('POST /api/register', () => {
    it('creates an unconfirmed trial user that can log in at once and mails a confirmation link', async () => {
      const creds = newCredentials();
      const response = await post('/api/register', creds);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const mail = await waitForLink(t.outboxDir, creds.email, CONFIRM_LINK);
      expect(mail.link.startsWith('http://localhost:3000/register/')).toBe(true);
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
      const token = await loginUser(t, creds.email, creds.password);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession(token),
      });
      expect(userResponseSchema.parse(me.json())).toEqual({
        email: creds.email,
        username: creds.username,
        email_confirmed: false,
      });
    });

    it.each([
      [{}, 'Must enter email'],
      [{ email: '', username: 'x', password: 'y' }, 'Must enter email'],
      [{ email: 'a@b.co' }, 'Must enter username'],
      [{ email: 'a@b.co', username: '   ', password: 'y' }, 'Must enter username'],
      [{ email: 'a@b.co', username: 'someone' }, 'Must enter password'],
      [{ email: 'not-an-email', username: 'someone', password: 'y' }, 'valid email'],
      [{ email: 'a@b.co', username: 'has@at', password: 'y' }, 'cannot contain "@"'],
      [{ email: 42, username: 'someone', password: 'y' }, "'email' must be text."],
      [{ email: 'a@b.co', username: ['x'], password: 'y' }, "'username' must be text."],
      [{ email: 'a@b.co', username: 'x'.repeat(65), password: 'y' }, "'username' is too long"],
      [{ email: 'a@b.co', username: 'someone', password: 'seven77' }, PASSWORD_TOO_SHORT],
      [{ email: 'a@b.co', username: 'some\u202Eone', password: 'long-enough' }, 'text-direction'],
      [{ email: 'a\u0001@b.co', username: 'someone', password: 'long-enough' }, 'control'],
    ])('rejects %j with a clear message', async (payload, message) => {
      const response = await post('/api/register', payload);
      expect(response.statusCode).toBe(400);
      expect(errOf(response.body)).toContain(message);
    });

    it('rejects a body that is not an object', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: '["a"]',
      });
      expect(response.statusCode).toBe(400);
      expect(errOf(response.body)).toBe('Must enter email');
    });

    it('rejects malformed JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(response.statusCode).toBe(400);
      expect(errOf(response.body)).toBe('The request body is not valid JSON.');
    });

    it('refuses a taken e-mail or username, whatever their case', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const sameEmail = await post('/api/register', {
        ...newCredentials(),
        email: creds.email.toUpperCase(),
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(errOf(sameEmail.body)).toBe(
        'An account with this email already exists. Please log in or reset your password.',
      );
      const sameName = await post('/api/register', {
        ...newCredentials(),
        username: creds.username.toUpperCase(),
      });
      expect(sameName.statusCode).toBe(409);
      expect(errOf(sameName.body)).toBe(
        'This username is already taken. Please choose another one.',
      );
    });
  });

  describe('POST /api/register/{code}/confirm', () => {
    it('confirms the account once; a second use is refused', async () => {
      const creds = newCredentials();
      const code = await registerUser(t, creds);
      const first = await post(`/api/register/${code}/confirm`);
      expect(first.statusCode).toBe(200);
      const token = await loginUser(t, creds.username, creds.password);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/manage/user',
        ...withSession(token),
      });
      expect(me.json()).toMatchObject({ email_confirmed: true });
      const again = await post(`/api/register/${code}/confirm`);
      expect(again.statusCode).toBe(410);
      expect(errOf(again.body)).toBe('This link has already been used.');
    });

    it('accepts an empty JSON body with a JSON content type', async () => {
      const code = await registerUser(t, newCredentials());
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/register/${code}/confirm`,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses an unknown code', async () => {
      const response = await post('/api/register/not-a-real-code/confirm');
      expect(response.statusCode).toBe(404);
      expect(errOf(response.body)).toContain('This link is not valid.');
    });

    it('refuses a code of another kind', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      await post(`/api/resetpassword/${creds.email}`);
      const { code } = await waitForLink(t.outboxDir, creds.email, RESET_LINK);
      const response = await post(`/api/register/${code}/confirm`);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('POST /api/auth/login', () => {
    it('logs in with the e-mail or the username, in any case, and sets a safe cookie', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      for (const identifier of [creds.email, creds.username, creds.email.toUpperCase()]) {
        const response = await post('/api/auth/login', {
          email: identifier,
          password: creds.password,
        });
        expect(response.statusCode).toBe(200);
        const cookie = response.cookies.find((c) => c.name === 'roughcut_session');
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
        expect(cookie?.secure).toBeFalsy();
      }
    });

    it('marks the cookie Secure behind a trusted TLS proxy', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: creds.email, password: creds.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'roughcut_session')?.secure).toBe(true);
    });

    it('gives the same answer for a wrong password and an unknown account', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const wrong = await post('/api/auth/login', { email: creds.email, password: 'nope' });
      const unknown = await post('/api/auth/login', {
        email: 'nobody@example.com',
        password: 'nope',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(errOf(response.body)).toBe('Invalid username or password. Please try again');
        expect(sessionCookieOf(response)).toBeUndefined();
      }
    });

    it.each([
      [{}, 'Must enter email'],
      [{ email: '  ', password: 'x' }, 'Must enter email'],
      [{ email: 'someone' }, 'Must enter password'],
      [{ email: 'someone', password: 12 }, "'password' must be text."],
    ])('rejects %j', async (payload, message) => {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
      expect(errOf(response.body)).toBe(message);
    });
  });

  describe('GET /api/auth/attemptlogin and /api/auth/logout', () => {
    it('401s without a session, with a forged token and after logout', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const token = await loginUser(t, creds.email, creds.password);

      const none = await t.app.inject({ method: 'GET', url: '/api/auth/attemptlogin' });
      expect(none.statusCode).toBe(401);
      expect(errOf(none.body)).toContain('not logged in');
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession('forged'),
      });
      expect(forged.statusCode).toBe(401);

      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession(token),
      });
      expect(ok.statusCode).toBe(200);

      const logout = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        ...withSession(token),
      });
      expect(logout.statusCode).toBe(200);
      const cleared = logout.cookies.find((c) => c.name === 'roughcut_session');
      expect(cleared?.value).toBe('');
      // The server-side session is gone: replaying the old cookie does not work.
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession(token),
      });
      expect(after.statusCode).toBe(401);
    });

    it('refuses a logout triggered by another site and keeps the session', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const token = await loginUser(t, creds.email, creds.password);
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/cat.html', 'sec-fetch-site': 'cross-site' },
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/auth/logout',
          headers,
          ...withSession(token),
        });
        expect(response.statusCode).toBe(403);
        expect(errOf(response.body)).toContain('came from another site');
        expect(response.cookies).toEqual([]);
      }
      const still = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession(token),
      });
      expect(still.statusCode).toBe(200);
      // Our own page's fetch (same-origin) and a typed address (none) still log out.
      for (const headers of [
        { 'sec-fetch-site': 'same-origin', referer: 'http://localhost:3000/edits' },
        { 'sec-fetch-site': 'none' },
      ]) {
        const own = await loginUser(t, creds.email, creds.password);
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/auth/logout',
          headers,
          ...withSession(own),
        });
        expect(response.statusCode).toBe(200);
      }
    });

    it('expires a session after 30 days without use and renews an active one', async () => {
      const clocked = t;
      try {
        const creds = newCredentials();
        await registerUser(clocked, creds);
        const token = await loginUser(clocked, creds.email, creds.password);
        clocked.advanceClock(2 * 24 * 60 * 60 * 1000);
        const renewed = await clocked.app.inject({
          method: 'GET',
          url: '/api/auth/attemptlogin',
          ...withSession(token),
        });
        expect(renewed.statusCode).toBe(200);
        expect(sessionCookieOf(renewed)).toBe(token);
        clocked.advanceClock(29 * 24 * 60 * 60 * 1000);
        const stillIn = await clocked.app.inject({
          method: 'GET',
          url: '/api/auth/attemptlogin',
          ...withSession(token),
        });
        expect(stillIn.statusCode).toBe(200);
        clocked.advanceClock(31 * 24 * 60 * 60 * 1000);
        const expired = await clocked.app.inject({
          method: 'GET',
          url: '/api/auth/attemptlogin',
          ...withSession(token),
        });
        expect(expired.statusCode).toBe(401);
      } finally {
        clocked.resetClock();
      }
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown accounts and mails only real ones', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const known = await post(`/api/resetpassword/${encodeURIComponent(creds.username)}`);
      const unknown = await post('/api/resetpassword/nobody-here');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const mail = await waitForLink(t.outboxDir, creds.email, RESET_LINK);
      expect(mail.link).toMatch(/^http:\/\/localhost:3000\/resetpassword\/[\w-]+$/);
    });

    it('sets the new password once, signs out every session and keeps old links dead', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      const oldSession = await loginUser(t, creds.email, creds.password);
      await post(`/api/resetpassword/${encodeURIComponent(creds.email)}`);
      const { code } = await waitForLink(t.outboxDir, creds.email, RESET_LINK);

      const empty = await post(`/api/resetpassword/${code}/confirm`, {});
      expect(empty.statusCode).toBe(400);
      expect(errOf(empty.body)).toBe('Must enter password');
      const wrongType = await post(`/api/resetpassword/${code}/confirm`, { password: 5 });
      expect(errOf(wrongType.body)).toBe("'password' must be text.");

      const short = await post(`/api/resetpassword/${code}/confirm`, { password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(errOf(short.body)).toBe(PASSWORD_TOO_SHORT);
      const done = await post(`/api/resetpassword/${code}/confirm`, { password: 'brand-new' });
      expect(done.statusCode).toBe(200);
      const again = await post(`/api/resetpassword/${code}/confirm`, { password: 'other-pass' });
      expect(again.statusCode).toBe(410);
      expect(errOf(again.body)).toBe('This link has already been used.');

      const old = await t.app.inject({
        method: 'GET',
        url: '/api/auth/attemptlogin',
        ...withSession(oldSession),
      });
      expect(old.statusCode).toBe(401);
      const oldPassword = await post('/api/auth/login', {
        email: creds.email,
        password: creds.password,
      });
      expect(oldPassword.statusCode).toBe(401);
      await loginUser(t, creds.email, 'brand-new');
    });

    it('refuses an expired reset link (older than an hour)', async () => {
      const clocked = t;
      try {
        const creds = newCredentials();
        await registerUser(clocked, creds);
        await clocked.app.inject({ method: 'POST', url: `/api/resetpassword/${creds.email}` });
        const { code } = await waitForLink(clocked.outboxDir, creds.email, RESET_LINK);
        clocked.advanceClock(61 * 60 * 1000);
        const response = await clocked.app.inject({
          method: 'POST',
          url: `/api/resetpassword/${code}/confirm`,
          payload: { password: 'late-password' },
        });
        expect(response.statusCode).toBe(410);
        expect(errOf(response.body)).toBe('This link has expired. Please request a new one.');
      } finally {
        clocked.resetClock();
      }
    });

    it('only the newest reset link works', async () => {
      const creds = newCredentials();
      await registerUser(t, creds);
      await post(`/api/resetpassword/${creds.email}`);
      const first = await waitForLink(t.outboxDir, creds.email, RESET_LINK);
      await post(`/api/resetpassword/${creds.email}`);
      const second = await waitForLink(t.outboxDir, creds.email, RESET_LINK, { after: first.file });
      const stale = await post(`/api/resetpassword/${first.code}/confirm`, {
        password: 'first-link',
      });
      expect(stale.statusCode).toBe(404);
      const fresh = await post(`/api/resetpassword/${second.code}/confirm`, {
        password: 'second-link',
      });
      expect(fresh.statusCode).toBe(200);
    });
  });
});
