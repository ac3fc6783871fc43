import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_PATTERN, ACCESS_TOKEN_REFUSALS } from '@roughcut/shared';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// Issue 36: a personal access token made on the account page ("API access") is shown once, works
// as `Authorization: Bearer` from a script with no cookie, is listed with its last use, and stops
// working the moment it is revoked.

let server: RunningServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await startServer();
  session = await openBrowser(server.baseUrl);
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** A script's request: a bearer token, no cookie, no Origin. */
const asScript = (token: string) =>
  fetch(`${server.baseUrl}/api/manage/autojobs`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe('API access on the account page', () => {
  it('makes a token a script can use, shown once, and revokes it', async () => {
    const { page } = session;
    try {
      await signUp(page, 'scripter');
      await page.goto('/account');
      const card = page.getByRole('region', { name: 'API access' });
      await card.getByLabel('Token name').fill('Nightly batch');
      await card.getByRole('button', { name: 'Create token' }).click();
      const token = (await card.getByTestId('new-access-token').textContent()) ?? '';
      expect(token).toMatch(ACCESS_TOKEN_PATTERN);
      await session.screenshot('account-api-access');

      const used = await asScript(token);
      expect(used.status).toBe(200);
      expect(await used.json()).toEqual([]);

      await card.getByRole('button', { name: 'Done' }).click();
      await expect(card.getByTestId('new-access-token').count()).resolves.toBe(0);
      await page.reload();
      const row = page.getByRole('listitem', { name: 'Token Nightly batch' });
      await row.getByText(/Last used/).waitFor();
      expect(await page.content()).not.toContain(token);

      await row.getByRole('button', { name: 'Revoke' }).click();
      await row.getByText('Revoked', { exact: true }).waitFor();
      const refused = await asScript(token);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ err: ACCESS_TOKEN_REFUSALS.revoked });
    } catch (error) {
      await session.screenshot('api-tokens-failure').catch(() => undefined);
      throw new Error(`${String(error)}\n--- server log tail:\n${server.logs().slice(-3000)}`, {
        cause: error,
      });
    }
  });
});
