// Issue 31: an upload goes on from its last stored byte after a dropped link, a reload (choosing
// the same file again) and a server restart, and what arrives is the file itself, byte for byte.
// A file that is not a video is refused before anything is made.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPaths, assetListResponseSchema, autoJobListResponseSchema } from '@roughcut/shared';
import { fileDigest, makeBigVideo } from './support/big-video.ts';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp } from './support/journey.ts';
import { startLinkProxy } from './support/link-proxy.ts';
import type { LinkProxy } from './support/link-proxy.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

const BIG_BYTES = 300 * 1024 * 1024;
// NOTE: slow enough that the test can act mid-upload, fast enough that three uploads take seconds.
const LINK_BYTES_PER_SECOND = 30 * 1024 * 1024;

let dir: string;
let big: string;
let bigDigest: string;
let proxy: LinkProxy;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roughcut-e2e-resumable-'));
  big = await makeBigVideo(dir, 'long-talk.mp4', BIG_BYTES);
  bigDigest = await fileDigest(big);
  proxy = await startLinkProxy({ bytesPerSecond: LINK_BYTES_PER_SECOND });
  server = await startServer({ PUBLIC_URL: proxy.url });
  proxy.setTarget(server.port);
});

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function withBrowser(run: (session: BrowserSession) => Promise<void>): Promise<void> {
  const session = await openBrowser(proxy.url);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot(`resumable-failure-${Date.now()}`).catch(() => undefined);
    throw new Error(`${String(error)}\n--- server log ---\n${server.logs()}`, { cause: error });
  } finally {
    await session.close();
  }
}

const createPanel = (page: Page) => page.getByRole('dialog', { name: 'Create a video edit' });

/** Fills the create panel with `file` and presses Start. */
async function startCreate(page: Page, name: string, file: string): Promise<void> {
  const create = createPanel(page);
  await create.getByLabel('Name').fill(name);
  await create.getByTestId('video-file-input').setInputFiles(file);
  await create.getByLabel('Optimised Long Form').check();
  await create.getByRole('button', { name: 'Start' }).click();
}

/** Waits until the text of `locator`'s element shows at least `percent`%. */
async function waitForPercent(page: Page, testId: string, percent: number): Promise<void> {
  await page.waitForFunction(
    ([id, least]) => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      const shown = /(\d+)%/.exec(text);
      return shown !== null && Number(shown[1]) >= least;
    },
    [testId, percent] as const,
    { timeout: 120_000, polling: 100 },
  );
}

async function jobIdNamed(page: Page, name: string): Promise<string> {
  const response = await page.request.get(apiPaths.autojobs());
  const job = autoJobListResponseSchema.parse(await response.json()).find((j) => j.name === name);
  if (!job) throw new Error(`no edit named ${name}`);
  return job.id;
}

async function waitForUploaded(page: Page, jobId: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const response = await page.request.get(apiPaths.autojobAssets(jobId));
    const video = assetListResponseSchema
      .parse(await response.json())
      .assets.find((a) => a.asset_type === 'unedited_video');
    if (video?.status === 'uploaded') return;
    if (video?.status === 'failed') throw new Error(`upload failed: ${video.failure_reason}`);
    if (Date.now() > deadline) throw new Error(`upload still ${video?.status} after 5 minutes`);
    await page.waitForTimeout(500);
  }
}

/** The stored copy of the big video in the server's media folder is the original, byte for byte. */
async function expectStoredWhole(jobId: string): Promise<void> {
  const folder = path.join(server.dataDir, 'media', 'jobs', jobId);
  const files: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if ((await stat(full)).size === BIG_BYTES) files.push(full);
    }
  };
  await walk(folder);
  expect(files).toHaveLength(1);
  expect(await fileDigest(files[0] ?? '')).toBe(bigDigest);
}

describe('resumable uploads', () => {
  it('goes on after the link drops at about half way, and stores the file byte for byte', async () => {
    await withBrowser(async ({ page }) => {
      await signUp(page, 'linkcut');
      await startCreate(page, 'Cut link', big);
      await waitForPercent(page, 'create-progress', 45);
      proxy.cut();
      await createPanel(page).getByText('Connection lost: trying again…').waitFor();
      proxy.restore();
      await page.waitForURL(/\/manage\/automation\/[^/]+$/, { timeout: 300_000 });
      const jobId = page.url().split('/').at(-1) ?? '';
      await waitForUploaded(page, jobId);
      await expectStoredWhole(jobId);
    });
  });

  it('asks before a reload, then resumes when the same file is chosen again', async () => {
    await withBrowser(async ({ page, nextDialog, screenshot }) => {
      const kinds: string[] = [];
      page.on('dialog', (dialog) => kinds.push(dialog.type()));
      await signUp(page, 'reload');
      await startCreate(page, 'Reloaded', big);
      await waitForPercent(page, 'create-progress', 30);
      await page.reload();
      expect(kinds).toContain('beforeunload');
      const jobId = await jobIdNamed(page, 'Reloaded');
      await page.goto(`/manage/automation/${jobId}`);
      const notice = page.getByTestId('paused-upload');
      await notice.getByText(/^Upload paused at \d+%: choose the same file to resume$/).waitFor();
      const shown = Number(/(\d+)%/.exec((await notice.textContent()) ?? '')?.[1]);
      expect(shown).toBeGreaterThanOrEqual(25);
      await screenshot('upload-paused');

      const other = path.join(dir, 'other.mp4');
      await writeFile(other, Buffer.alloc(1024, 1));
      const refusal = await nextDialog(() =>
        page.getByTestId('resume-file-input').setInputFiles(other),
      );
      expect(refusal).toMatch(/^This is not the file the upload began with/);
      await page.getByTestId('resume-file-input').setInputFiles(big);
      await notice.waitFor({ state: 'detached', timeout: 60_000 });
      await waitForUploaded(page, jobId);
      await expectStoredWhole(jobId);
    });
  });

  it('goes on after the server restarts mid-upload', async () => {
    await withBrowser(async ({ page }) => {
      await signUp(page, 'restart');
      await startCreate(page, 'Restarted', big);
      await waitForPercent(page, 'create-progress', 35);
      const { dataDir, port } = server;
      await server.stop({ keepData: true });
      server = await startServer({ PUBLIC_URL: proxy.url }, { dataDir, port });
      await page.waitForURL(/\/manage\/automation\/[^/]+$/, { timeout: 600_000 });
      const jobId = page.url().split('/').at(-1) ?? '';
      await waitForUploaded(page, jobId);
      await expectStoredWhole(jobId);
    });
  });

  it('refuses a text file named .mp4 before anything is made', async () => {
    await withBrowser(async ({ page, nextDialog }) => {
      await signUp(page, 'textfile');
      const notes = path.join(dir, 'notes.mp4');
      await writeFile(notes, 'Notes for my talk: say hello, show the product, thank everyone.\n');
      const create = createPanel(page);
      await create.getByTestId('video-file-input').setInputFiles(notes);
      await create
        .getByTestId('not-a-video')
        .getByText('This file is text, not a video: choose an .mp4 video')
        .waitFor();
      await create.getByLabel('Optimised Long Form').check();
      const message = await nextDialog(() => create.getByRole('button', { name: 'Start' }).click());
      expect(message).toBe('This file is text, not a video: choose an .mp4 video');
      const response = await page.request.get(apiPaths.autojobs());
      expect(autoJobListResponseSchema.parse(await response.json())).toEqual([]);
    });
  });
});
