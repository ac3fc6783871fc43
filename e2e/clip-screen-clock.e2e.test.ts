// Issue 33 in Chromium on the real web build (API answers routed in the page, validated by the
// shared schemas): a short clip 20 s into its video. Every time the clip screen shows reads on one
// clock, from the clip's start (the Subtitles step's with the cut applied, as its player plays
// it), source time only in a tooltip; the ruler labels at least 5 ticks at any zoom; a word chip
// too narrow for its word shows it whole on hover and on focus. Screens: .tmp/screens/
// clip-screen-1x.png, clip-screen-zoomed.png, clip-screen-subtitles-clock.png.
// WEB_DIST=<a web build> vitest run --project e2e e2e/clip-screen-clock.e2e.test.ts
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import type { Page } from 'playwright-core';
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

const IDS = { job: 'clock-job', instance: 'clock-instance', clip: 'clock-clip' };
const DESKTOP = { width: 1440, height: 900 };

// NOTE: "Today" is said quickly: its chip is narrower than the word at 1x.
const SPOKEN: [string, number, number][] = [
  ['So', 20.95, 21.1],
  ['Today', 21.12, 21.4],
  ['we', 21.5, 21.7],
  ['cut', 21.75, 22.1],
  ['every', 22.2, 22.6],
  ['silent', 22.7, 23.2],
  ['gap', 23.3, 23.7],
  ['between', 23.8, 24.4],
  ['phrases.', 24.5, 26.5],
  ['Then', 27.45, 27.8],
  ['the', 27.85, 28],
  ['subtitles', 28.1, 28.9],
  ['follow', 29, 29.5],
  ['the', 29.55, 29.7],
  ['cut.', 29.8, 31.6],
];

function clockClip(): Clip {
  const words = SPOKEN.map(([text, start, end]) => ({ text, start, end, confidence: 0.92 }));
  const phrase = (from: number, to: number, start: number, end: number) => ({
    start,
    end,
    phrase: words
      .slice(from, to)
      .map((w) => w.text)
      .join(' '),
    words: words.slice(from, to),
  });
  const gaps = [
    { id: 'gap-1', start: 20, end: 20.92 },
    { id: 'gap-2', start: 26.61, end: 27.4 },
    { id: 'gap-3', start: 31.67, end: 32.5 },
  ];
  return clipAwaitingConfirmation(IDS, {
    title: 'One clock',
    description: '',
    engagement_score: 7,
    is_long_form: false,
    start: 20,
    end: 32.5,
    segments: [phrase(0, 9, 20.92, 26.61), phrase(9, 15, 27.4, 31.67)],
    draw_settings: DEFAULT_DRAW_SETTINGS,
    gaps,
    detected_gaps: gaps,
    subtitles_burned: true,
    edits: { cut: false, subtitles: false },
  });
}

let web: StaticWeb;
let session: BrowserSession;

beforeAll(async () => {
  const root = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  web = await serveWeb(root);
  session = await openBrowser(web.base);
  await session.page.setViewportSize(DESKTOP);
  const clip = clockClip();
  await routeApi(
    session.page,
    clipScreenAnswers(IDS, {
      user: { email: 'clock@example.com', username: 'clock' },
      name: 'Clock',
      stepType: 'short-form-clips',
      createdAt: 1_700_000_000,
      clip,
      waveform: {
        start: 20,
        rate: 50,
        peaks: Array.from({ length: 625 }, (_, i) =>
          clip.segments.some((s) => s.start <= 20 + i / 50 && 20 + i / 50 < s.end)
            ? 0.3 + 0.4 * Math.abs(Math.sin(i * 0.6))
            : 0.02,
        ),
      },
    }),
  );
});
afterAll(async () => {
  await session?.close();
  await web?.close();
});

async function openClip(page: Page) {
  await page.goto(`/manage/automation/${IDS.job}/clip/${IDS.clip}`);
  await page.getByTestId('speech-gaps-footer').waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
    return canvas instanceof HTMLCanvasElement && canvas.width > 0;
  });
}

const step = (page: Page, name: 'Speech Gaps' | 'Subtitles') =>
  page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });

/** The ruler's labels as shown: text and box, left to right. */
async function rulerLabels(page: Page) {
  const labels = page.getByTestId('ruler-label');
  const boxes = await labels.evaluateAll((spans) =>
    spans.map((s) => {
      const r = s.getBoundingClientRect();
      return { text: s.textContent ?? '', left: r.left, right: r.right };
    }),
  );
  return boxes.sort((a, b) => a.left - b.left);
}

/** At least 5 labels, on the clip screen's clock, inside the timeline and never overlapping. */
async function expectRulerLabels(page: Page, pattern: RegExp) {
  const timeline = await page.getByTestId('gap-timeline').boundingBox();
  if (!timeline) throw new Error('no timeline');
  const labels = await rulerLabels(page);
  expect(labels.length, JSON.stringify(labels)).toBeGreaterThanOrEqual(5);
  for (const [i, label] of labels.entries()) {
    expect(label.text).toMatch(pattern);
    expect(label.left).toBeGreaterThanOrEqual(timeline.x);
    expect(label.right).toBeLessThanOrEqual(timeline.x + timeline.width);
    const next = labels[i + 1];
    if (next) expect(label.right).toBeLessThan(next.left);
  }
  return labels.map((l) => l.text);
}

describe('the clip screen clock, ruler and words (issue 33)', () => {
  it('reads every time from the clip start on one clock, the source only in a tooltip', async () => {
    const { page } = session;
    await openClip(page);
    // Speech Gaps: the whole clip (its timeline shows the gaps), from 0 and on one format.
    expect(await page.getByTestId('player-time').textContent()).toBe('0:00.0 / 0:12.5');
    expect(await page.getByTestId('timeline-viewing').textContent()).toBe(
      'Viewing: 0:00.0 - 0:12.5 of 0:12.5',
    );
    expect(await page.getByTestId('gap-handle-gap-2-start').getAttribute('aria-valuetext')).toBe(
      '0:06.6',
    );
    expect(await page.getByTestId('speech-gaps-footer').innerText()).toContain(
      'Cut length 0:09.9 of 0:12.5',
    );

    // Subtitles: the phrases on the player's clock, the clip as cut (9.96 s).
    await step(page, 'Subtitles').click();
    const times = page.getByTestId('phrase-time');
    await times.first().waitFor();
    expect(await times.allTextContents()).toEqual(['0:00.0 – 0:05.6', '0:05.6 – 0:09.9']);
    expect(await page.getByTestId('player-time').textContent()).toBe('0:00.0 / 0:09.9');
    await page.getByRole('button', { name: 'Play from 0:05.6' }).click();
    await expect.poll(() => page.getByTestId('player-time').textContent()).toBe('0:05.6 / 0:09.9');
    // The source time, where the user asks for it.
    await times.nth(1).hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('In the source video: 0:27.4 – 0:31.6');
    await session.screenshot('clip-screen-subtitles-clock');
  });

  it('labels at least 5 ruler ticks at 1x and zoomed in, on the spec spacing', async () => {
    const { page } = session;
    await openClip(page);
    // 1x: SPEC 9's 30 s spacing would label only 0:00 on a 12.5 s clip.
    const whole = await expectRulerLabels(page, /^0:\d\d$/);
    expect(whole[0]).toBe('0:00');
    await session.screenshot('clip-screen-1x');

    // Ctrl+scroll to about 6.7x: 1 s spacing (SPEC 9), finer labels to fill the 1.9 s shown.
    const timeline = page.getByTestId('gap-timeline');
    await timeline.scrollIntoViewIfNeeded();
    const box = await timeline.boundingBox();
    if (!box) throw new Error('no timeline');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await page.keyboard.down('Control');
    for (let i = 0; i < 20; i += 1) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    // NOTE: a busy browser may coalesce wheel events, so the zoom reached varies a little.
    await expect
      .poll(async () =>
        Number(
          /([\d.]+)x/.exec((await page.getByTestId('timeline-zoom').textContent()) ?? '')?.[1],
        ),
      )
      .toBeGreaterThanOrEqual(5);
    await expectRulerLabels(page, /^0:\d\d\.\d$/);
    await session.screenshot('clip-screen-zoomed');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    while (await zoomIn.isEnabled()) await zoomIn.click();
    await expect.poll(() => page.getByTestId('timeline-zoom').textContent()).toBe('Zoom 10x');
    await expectRulerLabels(page, /^0:\d\d\.\d$/);
  });

  it('shows a word chip too narrow for its word whole on hover and on focus', async () => {
    const { page } = session;
    await openClip(page);
    const today = page.getByTestId('word-chip').and(page.getByLabel(/^Today, /));
    await page.getByTestId('gap-timeline').scrollIntoViewIfNeeded();
    const chip = await today.boundingBox();
    if (!chip) throw new Error('no chip for "Today"');
    expect(chip.width).toBeLessThan(30);
    await page.mouse.move(chip.x + chip.width / 2, chip.y + chip.height / 2);
    const tip = page.getByRole('tooltip');
    await expect.poll(() => tip.textContent()).toContain('Today');
    expect(await tip.textContent()).toContain('0:01.1');
    await page.mouse.move(0, 0);
    await expect.poll(() => tip.count()).toBe(0);

    // The keyboard: one tab stop for the words, arrows move along them.
    await page.getByTestId('word-chip').first().focus();
    await expect.poll(() => tip.textContent()).toContain('So');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tip.textContent()).toContain('Today');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toMatch(/^Today, /);
  });
});
