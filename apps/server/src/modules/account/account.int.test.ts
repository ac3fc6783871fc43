import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountResponseSchema, errorResponseSchema } from '@roughcut/shared';
import {
  EMAIL_LINK,
  TEST_DATABASES,
  loginUser,
  newCredentials,
  registerUser,
  startTestApp,
  waitForLink,
  withSession,
} from '../../test/test-app.ts';
import type { Credentials, TestApp } from '../../test/test-app.ts';

const errOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).err;

describe.each(TEST_DATABASES)('account endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(): Promise<{ creds: Credentials; token: string }> {
    const creds = newCredentials();
    await registerUser(t, creds);
    return { creds, token: await loginUser(t, creds.email, creds.password) };
  }
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token ? withSession(token) : {}) });
  const post = (url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(token ? withSession(token) : {}),
      ...(payload ? { payload } : {}),
    });

  it('every signed-in endpoint 401s without a session', async () => {
    for (const response of [
      await get('/api/manage/account'),
      await get('/api/manage/user'),
      await post('/api/manage/user', undefined, { username: 'x' }),
      await post('/api/updateemail/new@example.com'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errOf(response.body)).toBe('You are not logged in. Please log in and try again.');
    }
  });

  it('GET /api/manage/account: a new account is a trial with no downloads', async () => {
    const { token } = await signedIn();
    const response = await get('/api/manage/account', token);
    expect(response.statusCode).toBe(200);
    expect(accountResponseSchema.parse(response.json())).toEqual({
      subscription_type: 'trial',
      download_count: 0,
    });
  });

  it('GET /api/manage/user returns only the signed-in user', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    expect((await get('/api/manage/user', alice.token)).json()).toEqual({
      email: alice.creds.email,
      username: alice.creds.username,
      email_confirmed: false,
    });
    expect((await get('/api/manage/user', bob.token)).json()).toMatchObject({
      username: bob.creds.username,
    });
  });

  describe('POST /api/manage/user', () => {
    it('changes the username; e-mail and email_confirmed in the body are ignored', async () => {
      const { creds, token } = await signedIn();
      const response = await post('/api/manage/user', token, {
        email: 'sneaky@example.com',
        username: `${creds.username}x`,
        email_confirmed: true,
      });
      expect(response.statusCode).toBe(200);
      expect((await get('/api/manage/user', token)).json()).toEqual({
        email: creds.email,
        username: `${creds.username}x`,
        email_confirmed: false,
      });
      await loginUser(t, `${creds.username}x`, creds.password);
    });

    it('changes the password and signs out the other sessions only', async () => {
      const { creds, token } = await signedIn();
      const other = await loginUser(t, creds.email, creds.password);
      const response = await post('/api/manage/user', token, {
        username: creds.username,
        password: 'changed-pw',
      });
      expect(response.statusCode).toBe(200);
      expect((await get('/api/manage/user', token)).statusCode).toBe(200);
      expect((await get('/api/manage/user', other)).statusCode).toBe(401);
      const old = await post('/api/auth/login', undefined, {
        email: creds.email,
        password: creds.password,
      });
      expect(old.statusCode).toBe(401);
      await loginUser(t, creds.email, 'changed-pw');
    });

    it('refuses a username taken by another user, in any case', async () => {
      const alice = await signedIn();
      const bob = await signedIn();
      const response = await post('/api/manage/user', bob.token, {
        username: alice.creds.username.toUpperCase(),
      });
      expect(response.statusCode).toBe(409);
      expect(errOf(response.body)).toBe(
        'This username is already taken. Please choose another one.',
      );
    });

    it('keeps the own username when only its case changes', async () => {
      const { creds, token } = await signedIn();
      const response = await post('/api/manage/user', token, {
        username: creds.username.toUpperCase(),
      });
      expect(response.statusCode).toBe(200);
      expect((await get('/api/manage/user', token)).json()).toMatchObject({
        username: creds.username.toUpperCase(),
      });
    });

    it.each([
      [{ username: '' }, "'username' must not be empty."],
      [{ username: 7 }, "'username' must be text."],
      [{ password: '' }, "'password' must not be empty."],
      [{ password: false }, "'password' must be text."],
      [
        { username: 'has space' },
        'A username cannot contain spaces. Please choose another username.',
      ],
    ])('rejects %j', async (payload, message) => {
      const { token } = await signedIn();
      const response = await post('/api/manage/user', token, payload);
      expect(response.statusCode).toBe(400);
      expect(errOf(response.body)).toBe(message);
    });
  });

  describe('e-mail change', () => {
    it('mails the new address, then switches the e-mail and confirms it', async () => {
      const { creds, token } = await signedIn();
      const newEmail = `new-${creds.email}`;
      const request = await post(`/api/updateemail/${encodeURIComponent(newEmail)}`, token);
      expect(request.statusCode).toBe(200);
      // Until confirmed the e-mail is unchanged.
      expect((await get('/api/manage/user', token)).json()).toMatchObject({ email: creds.email });
      const { code, link } = await waitForLink(t.outboxDir, newEmail, EMAIL_LINK);
      expect(link).toMatch(/^http:\/\/localhost:3000\/confirm-email\//);
      const confirm = await post(`/api/updateemail/${code}/confirm`);
      expect(confirm.statusCode).toBe(200);
      expect((await get('/api/manage/user', token)).json()).toEqual({
        email: newEmail,
        username: creds.username,
        email_confirmed: true,
      });
      const again = await post(`/api/updateemail/${code}/confirm`);
      expect(again.statusCode).toBe(410);
      expect(errOf(again.body)).toBe('This link has already been used.');
      await loginUser(t, newEmail, creds.password);
    });

    it('refuses the current e-mail, an invalid one and one used by another account', async () => {
      const alice = await signedIn();
      const bob = await signedIn();
      const same = await post(`/api/updateemail/${alice.creds.email.toUpperCase()}`, alice.token);
      expect(same.statusCode).toBe(400);
      expect(errOf(same.body)).toBe(
        'Email is already set to this email, please change the email first to update it.',
      );
      const invalid = await post('/api/updateemail/not-an-email', alice.token);
      expect(invalid.statusCode).toBe(400);
      const taken = await post(`/api/updateemail/${bob.creds.email}`, alice.token);
      expect(taken.statusCode).toBe(409);
    });

    it('refuses the link when the address was taken in the meantime', async () => {
      const alice = await signedIn();
      const wanted = `wanted-${alice.creds.email}`;
      await post(`/api/updateemail/${wanted}`, alice.token);
      const { code } = await waitForLink(t.outboxDir, wanted, EMAIL_LINK);
      await registerUser(t, { ...newCredentials(), email: wanted });
      const confirm = await post(`/api/updateemail/${code}/confirm`);
      expect(confirm.statusCode).toBe(409);
      expect((await get('/api/manage/user', alice.token)).json()).toMatchObject({
        email: alice.creds.email,
      });
    });

    it('refuses unknown and expired links', async () => {
      const unknown = await post('/api/updateemail/unknown-code/confirm');
      expect(unknown.statusCode).toBe(404);
      const { creds, token } = await signedIn();
      const newEmail = `late-${creds.email}`;
      await post(`/api/updateemail/${newEmail}`, token);
      const { code } = await waitForLink(t.outboxDir, newEmail, EMAIL_LINK);
      t.advanceClock(8 * 24 * 60 * 60 * 1000);
      try {
        const expired = await post(`/api/updateemail/${code}/confirm`);
        expect(expired.statusCode).toBe(410);
        expect(errOf(expired.body)).toBe('This link has expired. Please request a new one.');
      } finally {
        t.resetClock();
      }
    });
  });
});
