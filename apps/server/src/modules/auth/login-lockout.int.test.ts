import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@roughcut/shared';
import { TEST_DATABASES, newCredentials, registerUser, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

const errOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).err;
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const LOGIN_FAILED = 'Invalid username or password. Please try again';

// NOTE: three wrong passwords per account and client here (ten in production).
describe.each(TEST_DATABASES)('login lockout on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { perIp: 1000, perAccount: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': ip },
      payload: { email, password },
    });

  /** Wrong passwords from one client, each answered like any failed login. */
  async function fail(ip: string, identifiers: string[]) {
    for (const identifier of identifiers) {
      const response = await login(ip, identifier, 'wrong-password');
      expect(response.statusCode).toBe(401);
      expect(errOf(response.body)).toBe(LOGIN_FAILED);
    }
  }

  it('locks one client out of one account, even with the right password', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    await fail('10.3.0.1', [creds.email, creds.email, creds.email]);
    const blocked = await login('10.3.0.1', creds.email, creds.password);
    expect(blocked.statusCode).toBe(429);
    expect(errOf(blocked.body)).toBe(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.cookies).toEqual([]);
  });

  it('lets the owner in from a client that has not failed', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    await fail('10.3.1.1', [creds.email, creds.email, creds.email]);
    expect((await login('10.3.1.1', creds.email, creds.password)).statusCode).toBe(429);
    const owner = await login('10.3.1.2', creds.username, creds.password);
    expect(owner.statusCode).toBe(200);
  });

  it('counts the e-mail and the username of one account together', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    await fail('10.3.2.1', [creds.email, creds.username, creds.username.toUpperCase()]);
    expect((await login('10.3.2.1', creds.username, creds.password)).statusCode).toBe(429);
    expect((await login('10.3.2.1', creds.email, creds.password)).statusCode).toBe(429);
  });

  it('forgets the failures of a client once it logs in', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    await fail('10.3.3.1', [creds.email, creds.email]);
    expect((await login('10.3.3.1', creds.email, creds.password)).statusCode).toBe(200);
    await fail('10.3.3.1', [creds.email, creds.email]);
    expect((await login('10.3.3.1', creds.email, creds.password)).statusCode).toBe(200);
  });

  it('unlocks after the window', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    try {
      await fail('10.3.4.1', [creds.email, creds.email, creds.email]);
      expect((await login('10.3.4.1', creds.email, creds.password)).statusCode).toBe(429);
      t.advanceClock(61_000);
      expect((await login('10.3.4.1', creds.email, creds.password)).statusCode).toBe(200);
    } finally {
      t.resetClock();
    }
  });

  it('under a spread-out attack, blocks every client once the account has had its share', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    // Six failures (the account-wide ceiling: twice the per-client limit) from six clients.
    for (let i = 0; i < 6; i++) await fail(`10.4.${i}.1`, [creds.email]);
    for (const ip of ['10.4.0.1', '10.4.99.1']) {
      const blocked = await login(ip, creds.email, creds.password);
      expect(blocked.statusCode).toBe(429);
      expect(errOf(blocked.body)).toBe(TOO_MANY);
    }
    try {
      t.advanceClock(61_000);
      expect((await login('10.4.99.1', creds.email, creds.password)).statusCode).toBe(200);
    } finally {
      t.resetClock();
    }
  });

  it('is not reset by a made-up X-Forwarded-For on every try', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const forged = `${String(i % 250)}.${String((i * 7) % 250)}.9.${String(i + 1)}`;
      statuses.push((await login(forged, creds.email, `wrong-${String(i)}`)).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual(Array<number>(6).fill(401));
    expect(statuses.slice(6)).toEqual(Array<number>(34).fill(429));
  });

  it('takes the client from the trusted hop, not from entries the client wrote', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    // TRUST_PROXY=true is one hop: the proxy appends the address it saw, the rest is hearsay.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await login(`203.0.113.${String(i)}, 10.7.0.1`, creds.email, 'wrong');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login('10.7.0.2', creds.email, creds.password)).statusCode).toBe(200);
  });

  it('answers unknown accounts the same way', async () => {
    const ghost = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect((await login('10.5.0.1', ghost, 'nope-nope')).statusCode).toBe(401);
    }
    const blocked = await login('10.5.0.1', ghost, 'nope-nope');
    expect(blocked.statusCode).toBe(429);
    expect(errOf(blocked.body)).toBe(TOO_MANY);
  });

  it('limits reset mails per account, counting the e-mail and the username as one', async () => {
    const creds = newCredentials();
    await registerUser(t, creds);
    const statuses: number[] = [];
    for (const [i, identifier] of [
      creds.email,
      creds.username,
      creds.email.toUpperCase(),
      creds.username,
    ].entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/resetpassword/${encodeURIComponent(identifier)}`,
        headers: { 'x-forwarded-for': `10.6.0.${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
