import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeFaceVideo } from '@roughcut/engine/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { decodeRgb } from './support/image-compare.ts';
import { signUp, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';

// Issue 33: a short framed "Follow speaker", reached straight after processing by the create
// flow's own navigation (no reload), shows its subtitles on the job page's card while it plays.
// The video: a face photo moving across the top half of a dark gradient (the follow path has
// somewhere to go, and finding it takes the background job a while, as with a real recording),
// with the talking video's speech. Captions are white-outlined blue: no pixel of the picture's
// lower half is either.

const run = promisify(execFile);
const VIEWPORT = process.env.CARD_PHONE
  ? { width: 390, height: 844 }
  : { width: 1440, height: 900 };

let server: RunningServer;
let session: BrowserSession;
let workDir: string;
let upload: string;

/** A speaking face in the top half of the picture, with the talking video's sound. */
async function faceTalkingVideo(dir: string): Promise<string> {
  const talking = await makeTalkingVideo(path.join(dir, 'media'));
  const durationS = Math.ceil(talking.durationS);
  const face = path.join(dir, 'face.mp4');
  await makeFaceVideo(
    {
      name: 'talk',
      durationS,
      faces: [
        {
          photo: 'b',
          y: 190,
          path: [
            { t: 0, x: 420 },
            { t: durationS, x: 860 },
          ],
          speaks: [{ start: 0, end: durationS }],
        },
      ],
    },
    face,
  );
  const file = path.join(dir, 'face-talking.mp4');
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y'],
    ...['-i', face, '-i', talking.file, '-map', '0:v', '-map', '1:a', '-shortest'],
    ...['-c:v', 'copy', '-c:a', 'copy', file],
  ]);
  return file;
}

/** Caption pixels (white outline, blue fill) in the lower half of the card's frame. */
async function captionPixels(frame: Locator): Promise<number> {
  const image = await decodeRgb(await frame.screenshot(), 180, 320);
  let pixels = 0;
  for (let i = 160 * 180; i < 300 * 180; i += 1) {
    const [r, g, b] = [
      image.data[i * 3] ?? 0,
      image.data[i * 3 + 1] ?? 0,
      image.data[i * 3 + 2] ?? 0,
    ];
    if (Math.min(r, g, b) > 200 || (b > 170 && b - r > 70)) pixels += 1;
  }
  return pixels;
}

/** Plays the card and watches its frame for caption pixels for up to `ms`; the most seen. */
async function captionsWhilePlaying(page: Page, card: Locator, ms: number): Promise<number> {
  const frame = card.getByTestId('clip-preview-frame');
  await card.getByRole('button', { name: 'Play', exact: true }).click();
  let most = 0;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && most <= 150) {
    most = Math.max(most, await captionPixels(frame));
    // NOTE: the clip is short: played out, it starts again from its beginning.
    if ((await card.getByRole('button', { name: 'Play', exact: true }).count()) > 0) {
      await card.getByRole('button', { name: 'Play', exact: true }).click();
    }
  }
  if ((await card.getByRole('button', { name: 'Pause', exact: true }).count()) > 0) {
    await card.getByRole('button', { name: 'Pause', exact: true }).click();
  }
  await page.waitForTimeout(0);
  return most;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-card-subtitles-e2e-'));
  [server, upload] = await Promise.all([startServer(), faceTalkingVideo(workDir)]);
  session = await openBrowser(server.baseUrl);
  await session.page.setViewportSize(VIEWPORT);
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a Follow speaker card reached straight after processing', () => {
  it('shows its subtitles while it plays, without a reload', async () => {
    const { page } = session;
    try {
      await signUp(page, 'follow');
      const create = page.getByRole('dialog', { name: 'Create a video edit' });
      await create.getByLabel('Name').fill('Follow the speaker');
      await create.getByTestId('video-file-input').setInputFiles(upload);
      await create.getByLabel('Optimised Long Form').check();
      await create.getByLabel('Short Form Clip').check();
      await create.getByRole('button', { name: 'Follow speaker' }).click();
      await create.getByRole('button', { name: 'Start' }).click();
      await page.waitForURL(/\/manage\/automation\/[^/]+$/, { timeout: 120_000 });
      const log: string[] = [];
      page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
      page.on('response', (r) => {
        if (r.url().includes('/framing'))
          void r.text().then(
            (t) => log.push(`framing ${Date.now()} ${t.slice(0, 60)}`),
            () => undefined,
          );
      });
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      if (process.env.CARD_PENDING) {
        await page.route('**/framing*', (route) =>
          route.fulfill({ json: { state: 'pending', plan: null } }),
        );
      }
      if (process.env.CARD_HIDDEN) {
        const other = await session.context.newPage();
        await other.goto('about:blank');
        await other.bringToFront();
        const jobId = page.url().split('/').at(-1) ?? '';
        await waitForJob(other, jobId, ['awaiting-confirmation'], 600_000);
        await page.getByTestId('clip-card').first().waitFor({ state: 'attached', timeout: 60_000 });
        log.push(`hidden: ${await page.evaluate(() => document.visibilityState)}`);
        await new Promise((r) => setTimeout(r, 15_000));
        await page.bringToFront();
        await other.close();
      }
      // The page polls the run until its clips are ready, then shows them: no reload.
      const card = page.getByTestId('clip-card').filter({ hasText: 'Short form clip' }).first();
      await card.waitFor({ timeout: 600_000 });
      await card.getByRole('button', { name: 'Play', exact: true }).waitFor();
      await expect
        .poll(() => card.getByRole('button', { name: 'Play', exact: true }).isEnabled(), {
          timeout: 60_000,
        })
        .toBe(true);
      log.push(`card shown ${Date.now()}`);
      const seen = await captionsWhilePlaying(page, card, 45_000);
      console.log(log.join('\n'), seen);
      await session.screenshot('card-subtitles-after-processing');
      expect(navigations).toEqual([]);
      expect(seen).toBeGreaterThan(150);
    } catch (error) {
      await session.screenshot('card-subtitles-failure').catch(() => undefined);
      throw new Error(`${String(error)}\n--- server log tail:\n${server.logs().slice(-3000)}`, {
        cause: error,
      });
    }
  });
});
