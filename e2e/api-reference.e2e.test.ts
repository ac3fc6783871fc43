import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES, ENDPOINTS } from '@roughcut/shared';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// Issue 36: the API reference page (/account/api/reference), reached from the account page's "API
// access" card, draws the served OpenAPI document: an operation opens to show its body's fields,
// the search narrows the list, the webhook events come last, and the page fits 1440 and 390 px
// wide with no console warning (React Router's "No `HydrateFallback`" among them).
// NOTE: Chromium's own "Failed to load resource" lines are the network's, not the app's.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let session: BrowserSession;
const logged: string[] = [];

const fromApp = (message: ConsoleMessage) =>
  (message.type() === 'warning' || message.type() === 'error') &&
  !message.text().startsWith('Failed to load resource');

beforeAll(async () => {
  server = await startServer();
  session = await openBrowser(server.baseUrl, { viewport: DESKTOP });
  session.page.on('console', (message) => {
    if (fromApp(message)) logged.push(message.text());
  });
  session.page.on('pageerror', (error) => logged.push(String(error)));
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** A full-page shot from the top, so the sticky app bar is drawn where it belongs. */
async function shoot(name: string) {
  await session.page.evaluate(() => window.scrollTo(0, 0));
  await session.screenshot(name);
}

/** How far the page scrolls sideways: 0 when everything fits the viewport's width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const operationRow = (page: Page, name: RegExp) =>
  page.getByRole('button', { name }).and(page.locator('[aria-controls]'));

describe('the API reference page', () => {
  it('opens from API access and shows the document, searchable, at 1440 and 390 px', async () => {
    const { page } = session;
    try {
      await signUp(page, 'reader');
      await page.goto(APP_ROUTES.account);
      const card = page.getByRole('region', { name: 'API access' });
      expect(await card.getByRole('link', { name: 'openapi.json' }).getAttribute('href')).toBe(
        ENDPOINTS.openapi.path,
      );
      await card.getByRole('link', { name: 'API reference' }).click();
      await page.waitForURL(`**${APP_ROUTES.apiReference}`);
      await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();

      // A fresh load of the lazy route, as a bookmark would open it.
      logged.length = 0;
      await page.goto(APP_ROUTES.apiReference);
      const edits = page.getByRole('region', { name: 'Video edits' });
      const create = operationRow(page, /^PUT \/api\/manage\/autojob Autojob create$/);
      await create.waitFor();
      await create.click();
      const details = page.getByRole('region', { name: 'PUT /api/manage/autojob Autojob create' });
      await details.getByText('Request body · application/json · required').waitFor();
      for (const field of ['name', 'steps']) {
        await details.getByText(field, { exact: true }).first().waitFor();
      }
      await details.getByText('"short-form-clips"').first().waitFor();
      await details.getByText('Token scope read+edit').waitFor();
      await details.getByText(/^Accepted: send a key/).waitFor();
      await page.locator('.MuiCollapse-entered', { has: details }).waitFor();
      expect(await edits.isVisible()).toBe(true);
      await page.getByRole('region', { name: 'Webhook events' }).waitFor();
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      expect(logged).toEqual([]);

      await shoot('api-reference-1440');
      await page.setViewportSize(PHONE);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot('api-reference-390');

      await page.getByRole('searchbox', { name: 'Filter by path or summary' }).fill('webhook');
      await page
        .getByTestId('operation-count')
        .getByText(/^\d+ of \d+ operations$/)
        .waitFor();
      await expect(edits.count()).resolves.toBe(0);
      await page.getByRole('region', { name: 'Webhooks' }).waitFor();
      const events = page.getByRole('region', { name: 'Webhook events' });
      await events.getByRole('button', { name: /^Event edit\.rendered/ }).click();
      const payload = page.getByRole('region', { name: /^Event edit\.rendered/ });
      await payload.getByText('timestamp', { exact: true }).waitFor();
      // NOTE: the shot waits for the opening animation to end (MUI's Collapse marks it entered).
      await page.locator('.MuiCollapse-entered', { has: payload }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot('api-reference-390-search');
      await page.setViewportSize(DESKTOP);

      const download = await page.request.get(
        (await page.getByRole('link', { name: 'Download openapi.json' }).getAttribute('href')) ??
          '',
      );
      expect(download.status()).toBe(200);
      expect(((await download.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
    } catch (error) {
      await session.screenshot('api-reference-failure').catch(() => undefined);
      throw new Error(
        `${String(error)}\n--- console: ${JSON.stringify(logged)}\n--- page at ${page.url()}\n--- server log tail:\n${server.logs().slice(-3000)}`,
        { cause: error },
      );
    }
  });

  it('is for signed-in users only', async () => {
    const stranger = await openBrowser(server.baseUrl);
    try {
      await stranger.page.goto(APP_ROUTES.apiReference);
      await stranger.page.waitForURL('**/login**');
    } finally {
      await stranger.close();
    }
  });
});
