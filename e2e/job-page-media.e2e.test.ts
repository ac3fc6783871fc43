import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  autoJobSchema,
  clipKeptSpans,
  clipListResponseSchema,
  holesBetween,
  totalLength,
} from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import {
  playbackFigures,
  recordPlayback,
  withLongKeyframeInterval,
} from './support/playback-record.ts';
import type { PlaybackRecord } from './support/playback-record.ts';
import { makeTalkingVideo } from './support/talking-video.ts';
import type { TalkingVideo } from './support/talking-video.ts';

// The job page as a new user sees it: every video frame whole (clip previews and finished videos),
// clip previews that play across their gaps without stalling, and the list and the job page
// usable on a 390 px phone. The talking video is 1280x720, with a keyframe every 10 s.

let server: RunningServer;
let workDir: string;
let video: TalkingVideo;
let session: BrowserSession;
let jobId = '';
let clips: Clip[] = [];

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function getJob(page: Page) {
  return autoJobSchema.parse(await (await page.request.get(apiPaths.autojob(jobId))).json());
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-job-media-e2e-'));
  [server, video] = await Promise.all([
    startServer(),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
  const upload = await withLongKeyframeInterval(video.file, path.join(workDir, 'long-gop.mp4'));
  session = await openBrowser(server.baseUrl);
  const { page } = session;
  await signUp(page, 'media');
  jobId = await startEdit(page, 'A rather long edit name that a phone has to wrap', upload);
  const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 600_000);
  clips = clipListResponseSchema.parse(
    await (
      await page.request.get(apiPaths.instanceClips(jobId, job.job_instance?.id ?? ''))
    ).json(),
  );
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not visible');
  return box;
};

/** The page scrolls sideways when something is wider than the screen. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function waitForPreviews(page: Page) {
  await page.getByTestId('clip-card').first().waitFor();
  await page.waitForFunction(() => {
    const videos = Array.from(document.querySelectorAll('[data-testid=clip-card] video'));
    return videos.length > 0 && videos.every((v) => (v as HTMLVideoElement).readyState >= 2);
  });
}

/** Every clip preview shows its whole frame in its own ratio, and its controls fit the screen. */
async function checkPreviewFrames(page: Page, width: number) {
  const cards = page.getByTestId('clip-card');
  const count = await cards.count();
  expect(count).toBe(clips.length);
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    const longForm = (await card.getByTestId('engagement-score').count()) === 0;
    const frame = await boxOf(card.getByTestId('clip-preview-frame'));
    const ratio = longForm ? 1280 / 720 : 1080 / 1920;
    expect(Math.abs(frame.width / frame.height - ratio)).toBeLessThan(0.02);
    expect(frame.height).toBeLessThan(500.5);
    if (!longForm || width >= 1000) expect(Math.round(frame.height)).toBe(500);
    const cardBox = await boxOf(card);
    expect(frame.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(frame.x + frame.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    for (const name of ['Play', 'Mute']) {
      const control = await boxOf(card.getByRole('button', { name, exact: true }));
      expect(control.x + control.width).toBeLessThanOrEqual(width);
    }
  }
}

describe('the job page for a new user', () => {
  it('shows every clip preview whole, 500 px high, on a desktop and on a phone', async () => {
    const { page, screenshot } = session;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/manage/automation/${jobId}`);
    await waitForPreviews(page);
    await checkPreviewFrames(page, DESKTOP.width);
    await screenshot('job-media-awaiting-desktop');

    await page.setViewportSize(PHONE);
    await waitForPreviews(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await checkPreviewFrames(page, PHONE.width);
    for (const name of ['Continue', 'Confirm All', 'Upload video', 'More actions']) {
      const button = await boxOf(page.getByRole('button', { name, exact: true }));
      expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot('job-media-awaiting-phone');
  });

  it('plays a clip across its gaps without stopping (the stall per skip is measured)', async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/manage/automation/${jobId}`);
    await waitForPreviews(page);
    const longForm = clips.find((clip) => clip.is_long_form);
    expect(longForm).toBeDefined();
    const spans = clipKeptSpans(
      { start: longForm?.start ?? 0, end: longForm?.end ?? 0 },
      longForm?.gaps ?? [],
    );
    const holes = holesBetween(spans);
    const keptS = totalLength(spans);
    expect(holes.length).toBeGreaterThanOrEqual(3);
    const card = page
      .getByTestId('clip-card')
      .filter({ hasNot: page.getByTestId('engagement-score') });
    await card.evaluate(recordPlayback);
    await card.getByRole('button', { name: 'Mute', exact: true }).click();
    const started = Date.now();
    await card.getByRole('button', { name: 'Play', exact: true }).click();
    await card.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    // The preview stops by itself at the clip's end.
    await card.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 120_000 });
    const wallS = (Date.now() - started) / 1000;
    const record = await card.evaluate(
      (element) => (element as HTMLElement & { playback: PlaybackRecord }).playback,
    );
    const { overS, stillsS, skipSeeks } = playbackFigures(record, spans);
    const ms = (seconds: number) => `${Math.round(seconds * 1000)} ms`;
    console.log(
      `clip preview: ${holes.length} gaps skipped, ${keptS.toFixed(2)} s kept; from first to last frame ${ms(overS)} longer than that (${ms(overS / holes.length)} per gap); picture still at each skip: ${stillsS.map(ms).join(', ')}; seeks of the playing video across a gap: ${skipSeeks.length}; Play to stop as clicked: ${wallS.toFixed(2)} s (${(wallS - keptS).toFixed(2)} s over)`,
    );
    // NOTE: a seek on the video being watched is what froze the picture and the sound at each gap;
    // the next span must already be waiting, so no skip needs one. (The times above depend on how
    // busy the machine is, so they are reported, not asserted.)
    expect(skipSeeks).toEqual([]);
    expect(record.frames.length).toBeGreaterThan(0);
  });

  it('lists the edits on a phone: every status, the row menu, popups and the create panel', async () => {
    const { page, screenshot } = session;
    await page.setViewportSize(PHONE);
    await page.goto('/edits');
    const row = page.getByTestId('edit-row').first();
    await row.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const status = await boxOf(row.getByText('Awaiting Confirmation', { exact: true }));
    expect(status.x + status.width).toBeLessThanOrEqual(PHONE.width);
    await row.getByText(/^Created .* · Last updated /).waitFor();
    await screenshot('job-media-edits-phone');

    const actions = row.getByRole('button', { name: /^Actions for / });
    const actionsBox = await boxOf(actions);
    expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(PHONE.width);
    await actions.click();
    for (const item of await page.getByRole('menuitem').all()) {
      const box = await boxOf(item);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename edit' });
    const renameBox = await boxOf(rename);
    expect(renameBox.x + renameBox.width).toBeLessThanOrEqual(PHONE.width);
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await rename.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit a video' }).click();
    const create = page.getByRole('dialog', { name: 'Create a video edit' });
    await create.getByLabel('Optimised Long Form').check();
    expect((await boxOf(create)).width).toBeLessThanOrEqual(PHONE.width);
    const start = await boxOf(create.getByRole('button', { name: 'Start' }));
    expect(start.x + start.width).toBeLessThanOrEqual(PHONE.width);
    expect(start.y + start.height).toBeLessThanOrEqual(PHONE.height);
    await create.getByLabel('Select Language').click();
    await page.getByRole('option', { name: /German/ }).waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThanOrEqual(99);
    await screenshot('job-media-languages-phone');
    await page.keyboard.press('Escape');
    await create.getByRole('button', { name: 'Close', exact: true }).click();
    await create.waitFor({ state: 'detached' });
  });

  it('shows every finished video whole, in its own shape, on a desktop and on a phone', async () => {
    const { page, screenshot } = session;
    await page.setViewportSize(DESKTOP);
    const job = await getJob(page);
    const instanceId = job.job_instance?.id ?? '';
    const headers = { origin: server.baseUrl };
    await page.request.post(apiPaths.instanceClipsConfirm(jobId, instanceId), { headers });
    await page.request.post(apiPaths.instanceConfirm(jobId, instanceId), { headers });
    await waitForJob(page, jobId, ['finished'], 600_000);
    await page.goto(`/manage/automation/${jobId}`);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const cards = page.getByTestId('finished-video');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(clips.length);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-testid=finished-video] video')).every(
          (v) => (v as HTMLVideoElement).readyState >= 1,
        ),
      );
      for (const card of await cards.all()) {
        const video = card.locator('video');
        const shape = await video.evaluate((v: HTMLVideoElement) => ({
          width: v.videoWidth,
          height: v.videoHeight,
        }));
        const box = await boxOf(video);
        const cardBox = await boxOf(card);
        // The element has the video's own ratio (nothing cropped, no bars) and fits its card.
        expect(Math.abs(box.width / box.height - shape.width / shape.height)).toBeLessThan(0.02);
        expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
        if (shape.height > shape.width) expect(Math.round(box.height)).toBe(500);
        else expect(box.height).toBeLessThan(500.5);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(`job-media-finished-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
  });
});
