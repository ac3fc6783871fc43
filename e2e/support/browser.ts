import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';
import type { RunningServer } from './server.ts';

export const SCREENS_DIR = path.join(REPO_ROOT, '.tmp/screens');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type BrowserSession = {
  context: BrowserContext;
  page: Page;
  /** Messages of every alert/confirm the page showed, in order; each is accepted at once. */
  dialogs: string[];
  /** Resolves with the next dialog message shown after the call (or one already queued). */
  nextDialog: (action: () => Promise<unknown>, timeoutMs?: number) => Promise<string>;
  screenshot: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

/** A phone's screen (issue 33's touch tests): a touch screen, a mobile viewport. */
export type DeviceOptions = {
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
};

/** Chromium with a fresh profile (its own cookies), so each session starts signed out. */
export async function openBrowser(
  baseUrl: string,
  device: DeviceOptions = {},
): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'roughcut-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    ...device,
  });
  // NOTE: generous timeouts: the machine is shared and a cold server can be slow to answer.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.accept().catch(() => undefined);
  });

  if (process.env.E2E_DEBUG) {
    page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`));
    page.on('requestfailed', (request) => console.log(`[request failed] ${request.url()}`));
    page.on('framenavigated', (frame) => console.log(`[navigated] ${frame.url()}`));
  }

  return {
    context,
    page,
    dialogs,
    async nextDialog(action, timeoutMs = 10_000) {
      const before = dialogs.length;
      await action();
      const deadline = Date.now() + timeoutMs;
      while (dialogs.length === before) {
        if (Date.now() > deadline) throw new Error(`No dialog appeared within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return dialogs[before] ?? '';
    },
    async screenshot(name) {
      await mkdir(SCREENS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `run` in a fresh browser on `server`; a failure carries a screenshot (`<name>-failure`),
 * the page's address and dialogs, and the server's log tail.
 */
export async function withBrowser(
  server: RunningServer,
  name: string,
  run: (session: BrowserSession) => Promise<void>,
): Promise<void> {
  const session = await openBrowser(server.baseUrl);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}\n--- server log tail:\n${server.logs().slice(-4000)}`,
      { cause: error },
    );
  } finally {
    await session.close();
  }
}
