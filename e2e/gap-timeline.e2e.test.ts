import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTalkingVideo } from '@roughcut/engine/testing';
import {
  apiPaths,
  clipListResponseSchema,
  clipResponseSchema,
  isFillerGap,
} from '@roughcut/shared';
import type { Clip, Gap } from '@roughcut/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// The speech-gap timeline on a real generated talking video through the real server: the
// standalone editor of the long-form clip (drag an edge, Ctrl+click a gap, zoom, play across a
// gap, save) and the clip screen's Speech Gaps step of a portrait short clip.

const SENTENCES = [
  'Hello and welcome to the show.',
  'This is a quick test.',
  'We cut the silent gaps.',
  'Then we add the subtitles.',
  'Short clips come next.',
  'Every pause becomes a gap.',
  'The timeline shows them all.',
  'You can drag their edges.',
  'Thanks for watching.',
];

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let workDir: string;
let session: BrowserSession;
let jobId = '';
let instanceId = '';
let clips: Clip[] = [];

async function getClip(page: Page, clipId: string): Promise<Clip> {
  const response = await page.request.get(apiPaths.clip(jobId, instanceId, clipId));
  return clipResponseSchema.parse(await response.json());
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-gap-timeline-e2e-'));
  const [started, file] = await Promise.all([
    startServer(),
    makeTalkingVideo({
      dir: path.join(workDir, 'media'),
      sentences: SENTENCES,
      silenceS: 0.9,
      width: 1280,
      height: 720,
    }).then((v) => v.path),
  ]);
  server = started;
  session = await openBrowser(server.baseUrl);
  const { page } = session;
  await page.setViewportSize(DESKTOP);
  await signUp(page, 'gaps');
  jobId = await startEdit(page, 'Gap timeline edit', file);
  const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 600_000);
  instanceId = job.job_instance?.id ?? '';
  clips = clipListResponseSchema.parse(
    await (await page.request.get(apiPaths.instanceClips(jobId, instanceId))).json(),
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

/** The page x of a source time on the timeline at 1x zoom. */
const xAt = (box: Box, clip: Clip, time: number) =>
  box.x + ((time - clip.start) / (clip.end - clip.start)) * box.width;
const TRACK_Y = (box: Box) => box.y + box.height * 0.7;

/** A full-page screenshot from the top (the sticky top bar would land mid-page otherwise). */
async function shoot(session: BrowserSession, name: string) {
  await session.page.evaluate(() => window.scrollTo(0, 0));
  await session.screenshot(name);
}

async function waitForVideo(page: Page) {
  await page.getByTestId('gap-player-frame').waitFor();
  await page.getByText('Loading video').waitFor({ state: 'detached', timeout: 60_000 });
  // The canvas is drawn at the size it is shown, so text and waveform are not stretched.
  const sizes = () =>
    page.getByTestId('gap-timeline').evaluate((element) => {
      const canvas = element.querySelector('canvas');
      return `${canvas?.width ?? 0} / ${devicePixelRatio} vs ${canvas?.clientWidth ?? 0} shown`;
    });
  await expect
    .poll(
      async () => {
        const [drawn = 0, dpr = 1, shown = -1] =
          (await sizes()).match(/[\d.]+/g)?.map(Number) ?? [];
        return Math.abs(drawn / dpr - shown);
      },
      { timeout: 15_000, message: `canvas drawn at another size than shown: ${await sizes()}` },
    )
    .toBeLessThanOrEqual(1);
}

/** The timeline scrolled into view, and where it is. */
async function timelineBox(page: Page): Promise<Box> {
  const timeline = page.getByTestId('gap-timeline');
  await timeline.scrollIntoViewIfNeeded();
  return boxOf(timeline);
}

/** Plays from `from` for `ms` and samples the visible video's time on every animation frame. */
async function samplePlayback(page: Page, ms: number): Promise<{ t: number; at: number }[]> {
  return page.evaluate(
    (duration) =>
      new Promise<{ t: number; at: number }[]>((resolve) => {
        const samples: { t: number; at: number }[] = [];
        const started = performance.now();
        const tick = () => {
          const video = document.querySelector<HTMLVideoElement>(
            '[data-testid=gap-player-frame] video[style*="opacity: 1"]',
          );
          if (video) samples.push({ t: video.currentTime, at: performance.now() });
          if (performance.now() - started < duration) requestAnimationFrame(tick);
          else resolve(samples);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

/** Issue 33: the one count of a clip's gaps, on the clip screen and the timeline editor alike. */
const silences = (clip: Clip): number => clip.detected_gaps.filter((g) => !isFillerGap(g)).length;
const gaps = (n: number) => `${n} ${n === 1 ? 'gap' : 'gaps'}`;
const countLabel = (clip: Clip, deleted: number) =>
  `${gaps(silences(clip))} found, ${gaps(deleted)} deleted`;

const interior = (clip: Clip): Gap[] =>
  clip.gaps.filter((g) => g.start > clip.start + 0.05 && g.end < clip.end - 0.05);

describe('the speech-gap timeline editor', () => {
  it('edits the long-form clip: drag, Ctrl+click, zoom, play across a gap, save', async () => {
    const { page, dialogs } = session;
    const longForm = clips.find((c) => c.is_long_form);
    if (!longForm) throw new Error('no long-form clip');
    const gaps = interior(longForm);
    expect(gaps.length).toBeGreaterThanOrEqual(5);

    // Reached from the job page's long-form clip card.
    await page.goto(`/manage/automation/${jobId}`);
    const card = page
      .getByTestId('clip-card')
      .filter({ hasNot: page.getByTestId('engagement-score') });
    await card.getByRole('link', { name: 'Speech-gap timeline' }).click();
    await page.waitForURL(`**/manage/automation/${jobId}/clip/${longForm.id}/timeline`);
    await page.getByRole('heading', { name: 'Speech-gap timeline' }).waitFor();
    await waitForVideo(page);
    const description = page.getByTestId('timeline-description');
    expect(await description.textContent()).toContain(countLabel(longForm, 0));
    expect(await page.getByTestId('timeline-zoom').textContent()).toBe('Zoom 1x');
    expect(await page.getByTestId('timeline-viewing').textContent()).toMatch(
      /^Viewing: 0:00\.0 - /,
    );
    await shoot(session, 'gap-timeline-editor-landscape');

    const box = await timelineBox(page);

    // Play across a gap: the video never shows the inside of the gap and never stalls long.
    const skipped = gaps[0] as Gap;
    await page.mouse.click(xAt(box, longForm, skipped.start - 0.5), box.y + 8);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    const samples = await samplePlayback(page, 1500 + (skipped.end - skipped.start) * 1000);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const inside = samples.filter((s) => s.t > skipped.start + 0.1 && s.t < skipped.end - 0.05);
    expect(inside).toEqual([]);
    expect(samples.some((s) => s.t > skipped.end)).toBe(true);
    // How long the picture stood still across the skip (a frame or two when it is seamless).
    const across = samples.findIndex(
      (s, i) => s.t < skipped.start && (samples[i + 1]?.t ?? 0) >= skipped.end,
    );
    const before = samples[across];
    const after = samples.slice(across + 1).find((s) => s.t > (samples[across + 1]?.t ?? 0));
    if (before && after) {
      console.log(
        `[gap-timeline] skip across ${skipped.id}: picture moving again after ${Math.round(after.at - before.at)} ms`,
      );
    }

    // Drag the start edge of the second gap 0.25 s to the right.
    const dragged = gaps[1] as Gap;
    const from = xAt(box, longForm, dragged.start);
    await page.mouse.move(from, TRACK_Y(box));
    await page.mouse.down();
    await page.mouse.move(from + 10, TRACK_Y(box), { steps: 3 });
    await page.mouse.move(xAt(box, longForm, dragged.start + 0.25), TRACK_Y(box), { steps: 3 });
    await page.mouse.up();
    const handle = page.getByTestId(`gap-handle-${dragged.id}-start`);
    const newStart = Number(await handle.getAttribute('aria-valuenow'));
    expect(newStart).toBeGreaterThan(dragged.start + 0.15);
    expect(newStart).toBeLessThan(dragged.start + 0.35);
    expect(Math.round(newStart * 100) / 100).toBe(newStart);

    // Ctrl+click deletes the fourth gap; a plain click would not.
    const deleted = gaps[3] as Gap;
    const middle = xAt(box, longForm, (deleted.start + deleted.end) / 2);
    await page.mouse.click(middle, TRACK_Y(box));
    expect(await description.textContent()).toContain(countLabel(longForm, 0));
    await page.keyboard.down('Control');
    await page.mouse.click(middle, TRACK_Y(box));
    await page.keyboard.up('Control');
    expect(await description.textContent()).toContain(countLabel(longForm, 1));

    // Ctrl+scroll zooms in around the pointer, 1.1x per tick.
    await page.mouse.move(box.x + box.width / 2, TRACK_Y(box));
    await page.keyboard.down('Control');
    for (let i = 0; i < 3; i += 1) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => page.getByTestId('timeline-zoom').textContent()).toBe('Zoom 1.33x');
    expect(await page.getByTestId('timeline-viewing').textContent()).not.toMatch(
      /^Viewing: 0:00\.0 - /,
    );
    await shoot(session, 'gap-timeline-editor-zoomed');

    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shoot(session, 'gap-timeline-editor-390');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Save and Confirm' }).click();
    await page.waitForURL(`**/manage/automation/${jobId}`);
    expect(dialogs).toEqual([]);
    const saved = await getClip(page, longForm.id);
    expect(saved.confirmed).toBe(true);
    expect(saved.gaps.find((g) => g.id === dragged.id)).toEqual({ ...dragged, start: newStart });
    expect(saved.gaps.find((g) => g.id === deleted.id)).toBeUndefined();
    expect(saved.gaps).toHaveLength(longForm.gaps.length - 1);
    expect(saved.detected_gaps).toEqual(longForm.detected_gaps);

    // Confirmed: the editor shows the saved cut read-only and says why.
    await page.goto(`/manage/automation/${jobId}/clip/${longForm.id}/timeline`);
    await page.getByTestId('timeline-read-only').waitFor();
    expect(await page.getByRole('button', { name: 'Save and Confirm' }).count()).toBe(0);
    expect(await page.getByTestId('timeline-description').textContent()).toContain(
      countLabel(longForm, 1),
    );
  });

  it('shows a portrait short clip in the Speech Gaps step, with gaps and with none', async () => {
    const { page } = session;
    const short = clips.find((c) => !c.is_long_form && c.gaps.length > 0);
    if (!short) throw new Error('no short clip with gaps');
    await page.goto(`/manage/automation/${jobId}/clip/${short.id}`);
    await waitForVideo(page);
    const frame = await boxOf(page.getByTestId('gap-player-frame'));
    expect(Math.abs(frame.width / frame.height - 1080 / 1920)).toBeLessThan(0.02);
    const footer = page.getByTestId('speech-gaps-footer');
    expect(await footer.textContent()).toContain(countLabel(short, 0));
    await shoot(session, 'speech-gaps-step-portrait');
    await page.setViewportSize(PHONE);
    await shoot(session, 'speech-gaps-step-390');
    await page.setViewportSize(DESKTOP);

    // Delete every gap: the step with none left.
    const box = await timelineBox(page);
    await page.keyboard.down('Control');
    for (const gap of short.gaps) {
      await page.mouse.click(xAt(box, short, (gap.start + gap.end) / 2), TRACK_Y(box));
    }
    await page.keyboard.up('Control');
    expect(await footer.textContent()).toContain(
      countLabel(short, short.gaps.filter((g) => !isFillerGap(g)).length),
    );
    await shoot(session, 'speech-gaps-step-none');

    // The standalone editor works for a short clip too.
    await page.goto(`/manage/automation/${jobId}/clip/${short.id}/timeline`);
    await waitForVideo(page);
    await shoot(session, 'gap-timeline-editor-portrait');
  });
});
