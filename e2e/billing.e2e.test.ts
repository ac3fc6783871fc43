import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeStripe } from '../apps/server/src/test/fake-stripe.ts';
import type { FakeStripe } from '../apps/server/src/test/fake-stripe.ts';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// Billing in Chromium (SPEC 2.5, 6, 9): Buy plan → (fake) Stripe Checkout → success page with the
// customer's name → the account is Standard and the trial notice is gone; cancelling, ending the
// subscription, and a server without Stripe keys.

const POLL = { timeout: 30_000, interval: 200 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let stripe: FakeStripe;
let server: RunningServer;
let bare: RunningServer;

// NOTE: one server at a time: each takes a while to start on a shared, busy machine.
afterAll(async () => {
  await Promise.all([server?.stop(), bare?.stop()]);
  await stripe?.close();
});

async function withBrowser(on: RunningServer, run: (session: BrowserSession) => Promise<void>) {
  const session = await openBrowser(on.baseUrl);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot('billing-failure').catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}; webhook errors: ${JSON.stringify(stripe.deliveryErrors)}\n--- server log tail:\n${on.logs().slice(-3000)}`,
      { cause: error },
    );
  } finally {
    await session.close();
  }
}

let counter = 0;
/** Signs up through the form (automatic login) and closes the create panel /edits opens. */
async function signUp(page: Page): Promise<string> {
  counter += 1;
  const username = `buyer${counter}${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password').fill('buyer-Passw0rd');
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/edits');
  const panel = page.getByRole('dialog', { name: 'Create a video edit' });
  await panel.waitFor();
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await panel.waitFor({ state: 'hidden' });
  return username;
}

/** The page at desktop width and at 390 px, for looking at. */
async function shoot(session: BrowserSession, name: string): Promise<void> {
  await session.page.setViewportSize(DESKTOP);
  await session.screenshot(`${name}-desktop`);
  await session.page.setViewportSize(PHONE);
  await session.screenshot(`${name}-390`);
  await session.page.setViewportSize(DESKTOP);
}

const plan = (page: Page) => page.getByTestId('current-plan');

describe('buying the Standard plan', () => {
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer(stripe.env());
    stripe.setWebhookUrl(`${server.baseUrl}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('goes from Buy plan through checkout to Standard, and the notice goes away', async () => {
    await withBrowser(server, async (session) => {
      const { page } = session;
      await signUp(page);
      await page.getByTestId('trial-notice').getByText('10 edits remaining').waitFor();

      await page.goto('/account/billing');
      await page.getByRole('heading', { name: 'Subscriptions' }).waitFor();
      expect(await plan(page).textContent()).toBe('Trial');
      await page.getByText('10 of 10 edits remaining').waitFor();
      await page.getByText('0 B of 2 GB used').waitFor();
      await shoot(session, 'billing-trial');

      const card = page.getByRole('article', { name: 'Standard plan' });
      await card.getByRole('button', { name: 'Buy plan' }).click();
      await page.waitForURL(`${stripe.apiBase}/checkout/**`);
      await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
      await page.getByLabel('Name on card').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Subscribe' }).click();

      await page.waitForURL('**/account/billing/success?session_id=cs_test_*');
      await page.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      await expect
        .poll(() => page.getByTestId('customer-name').textContent(), POLL)
        .toBe('Ada Lovelace');
      await page.getByText('Your Standard plan is active').waitFor(POLL);
      await expect.poll(() => page.getByTestId('trial-notice').count(), POLL).toBe(0);
      await shoot(session, 'billing-success');

      await page.getByRole('link', { name: 'Back to billing' }).click();
      await expect.poll(() => plan(page).textContent(), POLL).toBe('Standard');
      await page.getByRole('button', { name: 'Your current plan' }).waitFor();
      await page.getByText('0 B of 10 GB used').waitFor();
      expect(await page.getByTestId('trial-notice').count()).toBe(0);
      await shoot(session, 'billing-standard');

      // Cancelling in the provider's portal ends the subscription: back to the trial.
      await page.getByRole('button', { name: 'Manage subscription' }).click();
      await page.waitForURL(`${stripe.apiBase}/portal/**`);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.waitForURL('**/account/billing');
      await page.reload();
      await expect.poll(() => plan(page).textContent(), POLL).toBe('Trial');
      await page.getByTestId('trial-notice').getByText('10 edits remaining').waitFor(POLL);
      expect(stripe.deliveryErrors).toEqual([]);
    });
  });

  it('charges nothing when the checkout is cancelled', async () => {
    await withBrowser(server, async (session) => {
      const { page } = session;
      await signUp(page);
      await page.goto('/account/billing');
      await page.getByRole('button', { name: 'Buy plan' }).click();
      await page.waitForURL(`${stripe.apiBase}/checkout/**`);
      await page.getByRole('link', { name: 'Cancel and go back' }).click();
      await page.waitForURL('**/account/billing/cancelled');
      await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
      await page.getByText(/Nothing was charged/).waitFor();
      await shoot(session, 'billing-cancelled');
      await page.getByRole('link', { name: 'Back to billing' }).click();
      await page.waitForURL('**/account/billing');
      await expect.poll(() => plan(page).textContent(), POLL).toBe('Trial');
    });
  });

  it('opens one checkout for Buy plan in two tabs, and again after going back', async () => {
    await withBrowser(server, async (session) => {
      const { page, context } = session;
      await signUp(page);
      const other = await context.newPage();
      try {
        const buyFrom = async (tab: Page) => {
          await tab.goto('/account/billing');
          await tab.getByRole('button', { name: 'Buy plan' }).click();
          await tab.waitForURL(`${stripe.apiBase}/checkout/**`);
          return tab.url();
        };
        const before = stripe.sessions.size;
        const [first, second] = await Promise.all([buyFrom(page), buyFrom(other)]);
        expect(second).toBe(first);
        // Cancelled on Stripe's page, the checkout stays open: Buy plan goes back to it.
        await page.getByRole('link', { name: 'Cancel and go back' }).click();
        await page.waitForURL('**/account/billing/cancelled');
        expect(await buyFrom(page)).toBe(first);
        expect(stripe.sessions.size).toBe(before + 1);
      } finally {
        await other.close();
      }
    });
  });
});

describe('a server without Stripe keys', () => {
  beforeAll(async () => {
    bare = await startServer();
  });

  it('says payments are not configured, and disables Buy plan with the reason beside it', async () => {
    await withBrowser(bare, async (session) => {
      const { page } = session;
      await signUp(page);
      await page.goto('/account/billing');
      await page.getByText('Payments are not configured on this server').first().waitFor();
      const card = page.getByRole('article', { name: 'Standard plan' });
      const buy = card.getByRole('button', { name: 'Buy plan' });
      await buy.waitFor();
      await shoot(session, 'billing-not-configured');
      // Issue 33: a button that looks enabled but can do nothing is disabled, and says why.
      expect(await buy.isDisabled()).toBe(true);
      const reason = card.getByText('Card payments are not set up on this server', { exact: true });
      expect(await reason.isVisible()).toBe(true);
      expect(await buy.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await buy.click({ force: true });
      await page.getByRole('heading', { name: 'Subscriptions' }).waitFor();
      expect(posts).toEqual([]);
      expect(page.url()).toBe(`${bare.baseUrl}/account/billing`);
    });
  });
});
