// Forty unconfirmed accounts (free to make), each asking for a template preview from its own
// address, do not starve a confirmed user's preview: they share a small pool of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS, apiPaths } from '@roughcut/shared';
import {
  TEST_ORIGIN,
  loginUser,
  newCredentials,
  registerUser,
  startTestApp,
  withSession,
} from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { errOf } from '../../test/video-edits.ts';
import { TEMPLATE_MESSAGES } from './templates.service.ts';

describe('template previews under a flood of unconfirmed accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const preview = (token: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.drawExample({ width: 1080, height: 1920, r: 0, g: 0, b: 0 }),
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      ...withSession(token),
      payload: JSON.stringify(DEFAULT_DRAW_SETTINGS),
    });

  /** An account registered and never confirmed (its confirmation mail is not waited for). */
  const throwaway = async (): Promise<string> => {
    const creds = newCredentials('spam');
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: creds });
    expect(response.statusCode).toBe(200);
    return loginUser(t, creds.email, creds.password);
  };

  it("still draws a confirmed user's preview", async () => {
    const ada = newCredentials('ada');
    const code = await registerUser(t, ada);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/register/${encodeURIComponent(code)}/confirm`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(confirmed.statusCode).toBe(200);
    const adaToken = await loginUser(t, ada.email, ada.password);
    const spamTokens: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      spamTokens.push(...(await Promise.all(Array.from({ length: 10 }, () => throwaway()))));
    }

    const flood = spamTokens.map((token, i) => preview(token, `198.51.100.${i + 1}`));
    const mine = preview(adaToken, '203.0.113.7');
    const [floodResponses, adaResponse] = await Promise.all([Promise.all(flood), mine]);

    expect(adaResponse.statusCode).toBe(200);
    expect(adaResponse.headers['content-type']).toBe('image/png');
    const refused = floodResponses.filter((r) => r.statusCode === 429);
    // The shared pool holds a few of them; the rest are told to try again.
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const response of refused) expect(errOf(response)).toBe(TEMPLATE_MESSAGES.busy);
  });
});
