// Issue 33: the clip screen's timeline by touch, in Chromium emulating a phone (390x844, a touch
// screen, a mobile viewport) on the real web build, the API answers routed in the page. A tap
// selects a gap and Delete gap (or the Delete key) deletes it; a gap edge is a 44 px target a
// finger drags; two fingers pinch the timeline's zoom around the point between them.
// Screen: .tmp/screens/clip-screen-phone-tap-delete.png.
// WEB_DIST=<a web build> vitest run --project e2e e2e/clip-screen-touch.e2e.test.ts
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import {
  clipAwaitingConfirmation,
  clipScreenAnswers,
  routeApi,
} from './support/clip-screen-api.ts';
import { serveWeb } from './support/static-web.ts';
import type { StaticWeb } from './support/static-web.ts';

const IDS = { job: 'touch-job', instance: 'touch-instance', clip: 'touch-clip' };
const PHONE = { width: 390, height: 844 };
const DURATION = 12.5;

function touchClip(): Clip {
  const word = (text: string, start: number, end: number) => ({
    text,
    start,
    end,
    confidence: 0.9,
  });
  const gaps = [
    { id: 'gap-1', start: 0, end: 0.9 },
    { id: 'gap-2', start: 3.2, end: 4.6 },
    { id: 'gap-3', start: 7.1, end: 8.3 },
    { id: 'gap-4', start: 11.2, end: 12.5 },
  ];
  const segments = [
    [0.9, 3.2, ['Tap', 'a', 'gap', 'to', 'select', 'it.']],
    [4.6, 7.1, ['Then', 'delete', 'it', 'with', 'one', 'button.']],
    [8.3, 11.2, ['Pinch', 'to', 'zoom', 'the', 'timeline.']],
  ] as const;
  return clipAwaitingConfirmation(IDS, {
    title: 'Touch',
    description: '',
    engagement_score: 6,
    is_long_form: false,
    start: 0,
    end: DURATION,
    segments: segments.map(([start, end, texts]) => {
      const step = (end - start) / texts.length;
      const words = texts.map((t, i) => word(t, start + i * step, start + (i + 0.9) * step));
      return { start, end, phrase: texts.join(' '), words };
    }),
    draw_settings: DEFAULT_DRAW_SETTINGS,
    gaps,
    detected_gaps: gaps,
    subtitles_burned: true,
    edits: { cut: false, subtitles: false },
  });
}

let web: StaticWeb;
let session: BrowserSession;
let cdp: CDPSession;

beforeAll(async () => {
  const root = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  web = await serveWeb(root);
  session = await openBrowser(web.base, { viewport: PHONE, hasTouch: true, isMobile: true });
  cdp = await session.context.newCDPSession(session.page);
  await routeApi(
    session.page,
    clipScreenAnswers(IDS, {
      user: { email: 'touch@example.com', username: 'touch' },
      name: 'Touch',
      stepType: 'short-form-clips',
      createdAt: 1_700_000_000,
      clip: touchClip(),
      waveform: {
        start: 0,
        rate: 50,
        peaks: Array.from({ length: 625 }, (_, i) => 0.2 + 0.5 * Math.abs(Math.sin(i * 0.4))),
      },
    }),
  );
});
afterAll(async () => {
  await session?.close();
  await web?.close();
});

type Box = { x: number; y: number; width: number; height: number };

/** The clip screen open, its timeline in view; the timeline's box. */
async function openTimeline(page: Page): Promise<Box> {
  await page.goto(`/manage/automation/${IDS.job}/clip/${IDS.clip}`);
  const timeline = page.getByTestId('gap-timeline');
  await timeline.waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
    return canvas instanceof HTMLCanvasElement && canvas.width > 0;
  });
  await timeline.scrollIntoViewIfNeeded();
  const box = await timeline.boundingBox();
  if (!box) throw new Error('no timeline');
  return box;
}

/** The page x of a clip time at 1x. */
const xAt = (box: Box, time: number) => box.x + (time / DURATION) * box.width;
const trackY = (box: Box) => box.y + box.height * 0.75;

type Point = { x: number; y: number };
/** Fingers on the screen, through Chromium's own touch input (CDP), one point per finger. */
async function touch(type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 4, radiusY: 4 })),
  });
}

const footerText = (page: Page) => page.getByTestId('speech-gaps-footer').innerText();

describe('the clip screen by touch (issue 33)', () => {
  it('selects a gap with a tap and deletes it with Delete gap or the Delete key', async () => {
    const { page } = session;
    const box = await openTimeline(page);
    const timeline = page.getByTestId('gap-timeline');
    const remove = page.getByRole('button', { name: /^Delete (the selected )?gap/ });
    expect(await remove.isDisabled()).toBe(true);

    // A tap in a gap selects it (outlined), a tap between gaps clears the selection.
    await page.touchscreen.tap(xAt(box, 3.9), trackY(box));
    await expect.poll(() => timeline.getAttribute('data-selected-gap')).toBe('gap-2');
    expect(await remove.getAttribute('aria-label')).toBe(
      'Delete the selected gap, 0:03.2 – 0:04.6',
    );
    await page.touchscreen.tap(xAt(box, 6), trackY(box));
    await expect.poll(() => timeline.getAttribute('data-selected-gap')).toBeNull();
    await page.touchscreen.tap(xAt(box, 3.9), trackY(box));
    await expect.poll(() => timeline.getAttribute('data-selected-gap')).toBe('gap-2');
    await session.screenshot('clip-screen-phone-gap-selected');

    await remove.tap();
    await expect.poll(() => footerText(page)).toContain('4 gaps found, 1 gap deleted');
    await page.getByTestId('gap-handle-gap-2-start').waitFor({ state: 'detached' });
    expect(await timeline.getAttribute('data-selected-gap')).toBeNull();
    // What the phone shows after the delete: the toolbar, the timeline and the footer.
    await timeline.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({
      path: path.join(REPO_ROOT, '.tmp/screens/clip-screen-phone-tap-delete.png'),
    });
    await session.screenshot('clip-screen-phone-tap-delete-full');

    // A keyboard's Delete (and Backspace) deletes the selected gap too.
    const again = await openTimeline(page);
    await page.touchscreen.tap(xAt(again, 7.7), trackY(again));
    await expect.poll(() => timeline.getAttribute('data-selected-gap')).toBe('gap-3');
    await page.keyboard.press('Delete');
    await expect.poll(() => footerText(page)).toContain('4 gaps found, 1 gap deleted');
    await page.touchscreen.tap(xAt(again, 3.9), trackY(again));
    await page.keyboard.press('Backspace');
    await expect.poll(() => footerText(page)).toContain('4 gaps found, 2 gaps deleted');
  });

  it('gives each gap edge a 44 px touch target that a finger drags from its side', async () => {
    const { page } = session;
    const box = await openTimeline(page);
    const handle = page.getByTestId('gap-handle-gap-3-start');
    const target = await handle.boundingBox();
    if (!target) throw new Error('no handle');
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);

    // Down 16 px left of the edge (outside the 10 px a mouse grabs), moved 30 px right: the edge
    // follows the finger by those 30 px, it does not jump to where the finger came down.
    const edge = xAt(box, 7.1);
    const y = trackY(box);
    const moved = 30;
    await touch('touchStart', [{ x: edge - 16, y }]);
    for (let i = 1; i <= 6; i += 1)
      await touch('touchMove', [{ x: edge - 16 + (moved * i) / 6, y }]);
    await touch('touchEnd', []);
    const start = Number(await handle.getAttribute('aria-valuenow'));
    const expected = 7.1 + (moved / box.width) * DURATION;
    expect(Math.abs(start - expected), `the edge is at ${start} s`).toBeLessThan(0.06);

    // A tap on an edge selects its gap and leaves the edge where it was.
    await page.touchscreen.tap(xAt(box, 3.2) - 15, y);
    await expect
      .poll(() => page.getByTestId('gap-timeline').getAttribute('data-selected-gap'))
      .toBe('gap-2');
    expect(await page.getByTestId('gap-handle-gap-2-start').getAttribute('aria-valuenow')).toBe(
      '3.2',
    );
  });

  it('shows a word whole when its chip is tapped', async () => {
    const { page } = session;
    await openTimeline(page);
    const chip = await page
      .getByTestId('word-chip')
      .and(page.getByLabel(/^timeline\., /))
      .boundingBox();
    if (!chip) throw new Error('no chip for "timeline."');
    await page.touchscreen.tap(chip.x + chip.width / 2, chip.y + chip.height / 2);
    const tip = page.getByRole('tooltip');
    await expect.poll(() => tip.textContent()).toContain('timeline.');
    await session.screenshot('clip-screen-phone-word-tapped');
    // A tap elsewhere puts it away.
    const box = await page.getByTestId('gap-timeline').boundingBox();
    if (!box) throw new Error('no timeline');
    await page.touchscreen.tap(xAt(box, 6), trackY(box));
    await expect.poll(() => tip.count()).toBe(0);
  });

  it('pinches the timeline to zoom around the point between the fingers', async () => {
    const { page } = session;
    const box = await openTimeline(page);
    const centre = box.x + box.width * 0.6;
    const y = trackY(box);
    const anchor = ((centre - box.x) / box.width) * DURATION;
    await touch('touchStart', [
      { x: centre - 30, y },
      { x: centre + 30, y },
    ]);
    for (let i = 1; i <= 8; i += 1) {
      const half = 30 + (60 * i) / 8;
      await touch('touchMove', [
        { x: centre - half, y },
        { x: centre + half, y },
      ]);
    }
    await touch('touchEnd', []);
    // The fingers spread from 60 to 180 px: 3x.
    await expect.poll(() => page.getByTestId('timeline-zoom').textContent()).toBe('Zoom 3x');
    const viewing = (await page.getByTestId('timeline-viewing').textContent()) ?? '';
    const [from = 0, to = 0] = [...viewing.matchAll(/(\d+):(\d\d\.\d)/g)]
      .slice(0, 2)
      .map((m) => Number(m[1]) * 60 + Number(m[2]));
    expect(to - from).toBeCloseTo(DURATION / 3, 0);
    // The time that was under the pinch is still under it.
    const under = from + ((centre - box.x) / box.width) * (to - from);
    expect(Math.abs(under - anchor), viewing).toBeLessThan(0.15);
    await session.screenshot('clip-screen-phone-pinched');
  });
});
