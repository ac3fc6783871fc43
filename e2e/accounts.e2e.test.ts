import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { createMailbox } from './support/mail.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

/** With no edits yet, /edits opens the create panel by itself (SPEC 2.6); close it to go on. */
async function closeCreatePanel(page: Page): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Create a video edit' });
  await panel.waitFor();
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await panel.waitFor({ state: 'hidden' });
}

let server: RunningServer;

// Waits for values that change after a reload or a server round trip.
const POLL = { timeout: 20_000, interval: 100 };

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const pathOf = (link: string) => new URL(link).pathname;

async function withBrowser(run: (session: BrowserSession) => Promise<void>) {
  const session = await openBrowser(server.baseUrl);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot('failure').catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}\n--- server log tail:\n${server.logs().slice(-3000)}`,
      { cause: error },
    );
  } finally {
    await session.close();
  }
}

describe('public pages and the session guard', () => {
  it('sends a signed-out visitor from / to the landing page', async () => {
    await withBrowser(async ({ page, screenshot }) => {
      await page.goto('/');
      await page.waitForURL('**/landing');
      await page.getByRole('heading', { name: 'Simplify your video editing process' }).waitFor();
      expect(await page.locator('#product-details').getByRole('heading').allTextContents()).toEqual(
        expect.arrayContaining(['Subtitles', 'Cut', 'Resize', 'Transcription']),
      );
      const pricing = page.locator('#pricing');
      expect(await pricing.getByRole('link', { name: 'Start Trial' }).getAttribute('href')).toBe(
        '/signup',
      );
      expect(await pricing.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
        '/signup',
      );
      await page.getByText('Eliminate tedious video editing today. Try for free.').waitFor();
      expect(await page.getByRole('link', { name: 'Get started now' }).getAttribute('href')).toBe(
        '/signup',
      );
      await screenshot('landing');
      await page.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login');
    });
  });

  it('sends a signed-in user from / to /edits', async () => {
    await withBrowser(async ({ page }) => {
      const stamp = Date.now().toString(36);
      const account = { email: `root-${stamp}@example.com`, username: `root${stamp}` };
      const password = 'root-Passw0rd';
      expect(
        (await page.request.post('/api/register', { data: { ...account, password } })).ok(),
      ).toBe(true);
      const login = await page.request.post('/api/auth/login', {
        data: { email: account.username, password },
      });
      expect(login.ok()).toBe(true);
      await page.goto('/');
      await page.waitForURL('**/edits');
    });
  });

  it('sends a signed-out visit to /edits to /login', async () => {
    await withBrowser(async ({ page, screenshot }) => {
      await page.goto('/edits');
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await screenshot('login');
    });
  });

  it('alerts the spec texts for empty login and sign-up fields', async () => {
    await withBrowser(async ({ page, nextDialog, screenshot }) => {
      await page.goto('/login');
      const login = page.getByRole('button', { name: 'Login' });
      expect(await nextDialog(() => login.click())).toBe('Must enter email');
      await page.getByLabel('Email or username').fill('nobody');
      expect(await nextDialog(() => login.click())).toBe('Must enter password');
      await page.getByLabel('Password').fill('wrong-password');
      expect(await nextDialog(() => page.getByLabel('Password').press('Enter'))).toBe(
        'Invalid username or password. Please try again',
      );

      await page.goto('/signup');
      await screenshot('signup');
      const signUp = page.getByRole('button', { name: 'Sign Up' });
      expect(await nextDialog(() => signUp.click())).toBe('Must enter email');
      await page.getByLabel('Email').fill('someone@example.com');
      expect(await nextDialog(() => signUp.click())).toBe('Must enter username');
      await page.getByLabel('Username', { exact: true }).fill('someone');
      expect(await nextDialog(() => signUp.click())).toBe('Must enter password');

      await page.goto('/forgot-password');
      expect(
        await nextDialog(() => page.getByRole('button', { name: 'Send Reset Email' }).click()),
      ).toBe('Must enter email');
    });
  });

  it('shows the application error screen for an unknown route', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto('/no/such/screen');
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
      await page.getByText('404 Not Found').waitFor();
    });
  });
});

describe('account journey', () => {
  it('signs up, confirms, edits the account, changes e-mail, resets the password', async () => {
    const mailbox = createMailbox(server.outboxDir);
    const stamp = Date.now().toString(36);
    const email = `ann-${stamp}@example.com`;
    const newEmail = `ann.new-${stamp}@example.com`;
    const username = `ann${stamp}`;
    const newUsername = `annie${stamp}`;

    await withBrowser(async ({ page, nextDialog, screenshot }) => {
      // Sign up: register, automatic login, reload onto /edits.
      await page.goto('/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Password').fill('first-Passw0rd');
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL('**/edits');
      await closeCreatePanel(page);
      await page.getByRole('heading', { name: 'Video edits', exact: true }).waitFor();
      await page.getByText('Manage and view all of your video edits').waitFor();
      await page.getByText('10 edits remaining').waitFor();
      await page.getByTestId('email-unconfirmed').waitFor();
      await screenshot('edits');

      // Log out from the top bar.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');

      // Confirm the account from the e-mailed link.
      const confirmLink = await mailbox.waitForLink(email, '/register/');
      expect(pathOf(confirmLink)).toMatch(/^\/register\/[^/]+\/confirm$/);
      await page.goto(pathOf(confirmLink));
      await page.getByText('Thank you for confirming your account').waitFor();
      await screenshot('register-confirmed');
      await page.getByRole('link', { name: 'Go to login' }).click();
      await page.waitForURL('**/login');

      // Log in with the username; Enter submits.
      await page.getByLabel('Email or username').fill(username);
      await page.getByLabel('Password').fill('first-Passw0rd');
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL('**/edits');
      await closeCreatePanel(page);
      expect(await page.getByTestId('email-unconfirmed').count()).toBe(0);

      // Manage Account: validation alerts of the e-mail section.
      await page.getByRole('link', { name: 'Account' }).first().click();
      await page.waitForURL('**/account');
      await page.getByRole('heading', { name: 'Manage Account' }).waitFor();
      const emailField = page.getByLabel('Email', { exact: true });
      await expect.poll(() => emailField.inputValue(), POLL).toBe(email);
      await screenshot('account');
      const updateEmail = page.getByRole('button', { name: 'Update Email' });
      expect(await nextDialog(() => updateEmail.click())).toBe(
        'Email is already set to this email, please change the email first to update it.',
      );
      await emailField.fill(email.toUpperCase());
      expect(await nextDialog(() => updateEmail.click())).toBe(
        'Email is already set to this email, please change the email first to update it.',
      );
      await emailField.fill('');
      expect(await nextDialog(() => updateEmail.click())).toBe(
        'Unable to update to an empty email, please enter an email.',
      );

      // Change username and password; the page reloads after saving.
      const passwordField = page.getByLabel('Password', { exact: true });
      await page.getByLabel('Username', { exact: true }).fill(newUsername);
      await passwordField.click();
      await passwordField.press('End');
      await passwordField.pressSequentially('second-Passw0rd');
      expect(await passwordField.inputValue()).toBe('second-Passw0rd');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Save' }).click();
      await reloaded;
      await expect
        .poll(() => page.getByLabel('Username', { exact: true }).inputValue(), POLL)
        .toBe(newUsername);

      // Change the e-mail and confirm it through the link sent to the new address.
      await page.getByLabel('Email', { exact: true }).fill(newEmail);
      await page.getByRole('button', { name: 'Update Email' }).click();
      await page.getByText(`We sent a confirmation link to ${newEmail}`).waitFor();
      const emailLink = await mailbox.waitForLink(newEmail, '/confirm-email/');
      await page.goto(pathOf(emailLink));
      await page.getByText('Your email has been confirmed').waitFor();
      await screenshot('email-confirmed');
      await page.goto('/account');
      await expect
        .poll(() => page.getByLabel('Email', { exact: true }).inputValue(), POLL)
        .toBe(newEmail);

      // Log out, then the new username and password work.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('Email or username').fill(newUsername);
      await page.getByLabel('Password').fill('second-Passw0rd');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/edits');
      await closeCreatePanel(page);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');

      // Forgot password: reset e-mail to the new address, new password through its link.
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByLabel('Email or username').fill(newEmail);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await page.getByText('A password reset email has been sent').waitFor();
      await screenshot('forgot-password-sent');
      const resetLink = await mailbox.waitForLink(newEmail, '/resetpassword/');
      await page.goto(pathOf(resetLink));
      await page.getByLabel('New password').fill('third-Passw0rd');
      await page.getByLabel('New password').press('Enter');
      await page.getByText('Your password has been reset').waitFor();
      await screenshot('password-reset');
      await page.getByRole('link', { name: 'Go to login' }).click();
      await page.waitForURL('**/login');

      // The old password no longer works; the new one does.
      await page.getByLabel('Email or username').fill(newEmail);
      await page.getByLabel('Password').fill('second-Passw0rd');
      expect(await nextDialog(() => page.getByRole('button', { name: 'Login' }).click())).toBe(
        'Invalid username or password. Please try again',
      );
      await page.getByLabel('Password').fill('third-Passw0rd');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/edits');

      // A signed-in visit to /login goes to /edits.
      await page.goto('/login');
      await page.waitForURL('**/edits');
    });
  });
});
