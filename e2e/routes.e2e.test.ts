import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, clipListResponseSchema } from '@roughcut/shared';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { createMailbox } from './support/mail.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';

type Mailbox = ReturnType<typeof createMailbox>;

// Issue 33: every route of SPEC 2.1, each loaded afresh (the first lazy module of a page load is
// where React Router warned "No `HydrateFallback` element provided"), with no console warning or
// error from the app; and the confirmation links lead a signed-in user to their edits ("Go to your
// edits"), a signed-out one to the login.
// NOTE: Chromium's own "Failed to load resource" lines (an answered 401 of the session check) are
// the network's, not the app's, and are left out.

let server: RunningServer;
let session: BrowserSession;
let workDir: string;
let video: string;

type Logged = { route: string; text: string };
const logged: Logged[] = [];
let route = '';

const fromApp = (message: ConsoleMessage) =>
  (message.type() === 'warning' || message.type() === 'error') &&
  !message.text().startsWith('Failed to load resource');

/** Loads `path` afresh and waits for `ready` (the page's own landmark) and a quiet network. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  route = path;
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-routes-e2e-'));
  let talking;
  [server, talking] = await Promise.all([
    startServer(),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
  video = talking.file;
  session = await openBrowser(server.baseUrl);
  session.page.on('console', (message) => {
    if (fromApp(message)) logged.push({ route, text: message.text() });
  });
  session.page.on('pageerror', (error) => logged.push({ route, text: String(error) }));
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Requests an e-mail change on /account and returns the confirmation link's path. */
async function changeEmail(page: Page, mailbox: Mailbox, to: string): Promise<string> {
  await visit(page, '/account', heading('Manage Account'));
  await page.getByLabel('Email', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await page.getByText(`We sent a confirmation link to ${to}`).waitFor();
  return new URL(await mailbox.waitForLink(to, '/confirm-email/')).pathname;
}

async function logOut(page: Page) {
  route = 'log out';
  // NOTE: the confirmation pages have no app bar; the templates page has (and no create panel).
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

/** Runs `steps`; a failure carries the console lines, the page and the server's log tail. */
async function reporting(steps: () => Promise<void>) {
  try {
    await steps();
  } catch (error) {
    await session.screenshot('routes-failure').catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- console: ${JSON.stringify(logged, null, 1)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}\n--- server log tail:\n${server.logs().slice(-3000)}`,
      { cause: error },
    );
  }
}

describe('the routes of SPEC 2.1', () => {
  it('each load with no console warning or error from the app', async () => {
    const { page } = session;
    const mailbox = createMailbox(server.outboxDir);
    await reporting(async () => {
      route = '/signup';
      const username = await signUp(page, 'routes');
      const email = `${username}@example.com`;
      route = '/edits (create panel)';
      const jobId = await startEdit(page, 'Every route', video);
      const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 300_000);
      const instanceId = job.job_instance?.id ?? '';
      const clips = clipListResponseSchema.parse(
        await (await page.request.get(apiPaths.instanceClips(jobId, instanceId))).json(),
      );
      const clipId = clips[0]?.id ?? '';

      // Signed in.
      await visit(page, '/', (p) => p.waitForURL('**/edits'));
      await visit(page, '/edits', heading('Video edits'));
      await visit(page, '/templates', heading('Subtitle Template Editor'));
      await visit(page, '/account', heading('Manage Account'));
      await visit(page, '/account/billing', heading('Subscriptions'));
      await visit(
        page,
        '/account/billing/success?session_id=cs_test_unknown',
        heading('Subscriptions'),
      );
      await visit(page, '/account/billing/cancelled', heading('Checkout cancelled'));
      await visit(page, `/manage/automation/${jobId}`, heading('Every route'));
      await page.getByTestId('clip-card').first().waitFor();
      await visit(page, `/manage/automation/${jobId}/clip/${clipId}`, (p) =>
        p.getByRole('button', { name: 'Submit Confirm' }).waitFor(),
      );
      const confirmAccount = new URL(await mailbox.waitForLink(email, '/register/')).pathname;
      await visit(page, confirmAccount, (p) =>
        p.getByText('Thank you for confirming your account').waitFor(),
      );
      const confirmEmail = await changeEmail(page, mailbox, `new.${email}`);
      await visit(page, confirmEmail, (p) =>
        p.getByText('Your email has been confirmed').waitFor(),
      );

      // Signed out.
      await logOut(page);
      await visit(page, '/', (p) => p.waitForURL('**/landing'));
      await visit(page, '/landing', heading('Simplify your video editing process'));
      await visit(page, '/login', heading('Log in'));
      await visit(page, '/signup', heading('Create your account'));
      await visit(page, '/forgot-password', heading('Forgot your password?'));
      await page.getByLabel('Email or username').fill(username);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await page.getByText('A password reset email has been sent').waitFor();
      const reset = new URL(await mailbox.waitForLink(`new.${email}`, '/resetpassword/'));
      await visit(page, reset.pathname, heading('Set a new password'));

      expect(logged).toEqual([]);
    });
  });

  it('lead a signed-in user from a confirmation link to their edits, others to the login', async () => {
    const { page } = session;
    const mailbox = createMailbox(server.outboxDir);
    await reporting(async () => {
      route = '/signup';
      const username = await signUp(page, 'confirms');
      const email = `${username}@example.com`;

      // The account confirmation, opened while signed in: on to the edits.
      const confirmAccount = new URL(await mailbox.waitForLink(email, '/register/')).pathname;
      await visit(page, confirmAccount, (p) =>
        p.getByText('Thank you for confirming your account').waitFor(),
      );
      await page.getByRole('link', { name: 'Go to your edits' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to login' }).count()).toBe(0);
      await session.screenshot('confirm-account-signed-in');
      await page.getByRole('link', { name: 'Go to your edits' }).click();
      await page.waitForURL('**/edits');

      // A changed e-mail confirmed while signed in: on to the edits too.
      const first = await changeEmail(page, mailbox, `first.${email}`);
      await visit(page, first, (p) => p.getByText('Your email has been confirmed').waitFor());
      await page.getByRole('link', { name: 'Go to your edits' }).waitFor();
      await session.screenshot('confirm-email-signed-in');
      await page.getByRole('link', { name: 'Go to your edits' }).click();
      await page.waitForURL('**/edits');

      // The same page signed out offers the login.
      const second = await changeEmail(page, mailbox, `second.${email}`);
      await logOut(page);
      await visit(page, second, (p) => p.getByText('Your email has been confirmed').waitFor());
      await page.getByRole('link', { name: 'Go to login' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to your edits' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Go to login' }).click();
      await page.waitForURL('**/login');
    });
  });
});
