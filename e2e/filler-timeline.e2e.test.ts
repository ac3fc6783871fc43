// Issue 22: the clip screen's timeline with fillers, in Chromium on the real web build. Only the
// API answers are generated here (validated by the shared schemas): a long-form clip whose
// recogniser heard "um" and "uh" between words, and a held sound it wrote nothing for (speech
// without words, alone in its phrase), three fillers cut and one kept. The screen must draw them
// apart from the silences, list them with a count, and keep or remove each. Issue 33: the list
// names each filler's word; the held sound's phrase, cut with it, is not asked for its text; the
// clip's gaps are counted alike on the clip screen and the timeline editor, with a hint that a
// deleted gap stays in the video. Screen: .tmp/screens/filler-list.png.
// WEB_DIST=<a web build> vitest run --project e2e e2e/filler-timeline.e2e.test.ts
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

const JOB = 'filler-job';
const INSTANCE = 'filler-instance';
const CLIP = 'filler-clip';
const IDS = { job: JOB, instance: INSTANCE, clip: CLIP };

const SPOKEN: [string, number, number][] = [
  ['So,', 0.96, 1.3],
  ['um,', 1.5, 2.05],
  ['the', 2.3, 2.4],
  ['first', 2.4, 2.8],
  ['thing', 2.8, 3.0],
  ['to', 3.0, 3.13],
  ['know', 3.13, 3.35],
  ['is', 3.35, 3.49],
  ['that,', 3.49, 3.84],
  ['uh,', 3.97, 4.35],
  ['silence', 4.56, 5.11],
  ['costs', 5.11, 5.65],
  ['you', 5.65, 5.87],
  ['viewers.', 5.87, 6.47],
  ['Five', 7.47, 7.8],
  ['seconds', 7.8, 8.29],
  ['of', 8.29, 8.38],
  ['nothing', 8.38, 8.79],
  ['is,', 8.79, 9.09],
  ['um,', 9.26, 9.78],
  ['enough', 10.1, 10.51],
  ['to', 10.51, 10.69],
  ['lose', 10.69, 11.07],
  ['them.', 11.07, 11.52],
];

function fillerClip(): Clip {
  const words = SPOKEN.map(([text, start, end]) => ({ text, start, end, confidence: 0.9 }));
  const silences = [
    { id: 'gap-1', start: 0, end: 0.92 },
    { id: 'gap-2', start: 6.61, end: 7.4 },
    { id: 'gap-3', start: 11.67, end: 12.65 },
    { id: 'gap-8', start: 13.25, end: 14 },
  ];
  const fillers = [
    { id: 'gap-4', start: 1.45, end: 2.1, kind: 'filler' as const },
    { id: 'gap-5', start: 3.92, end: 4.4, kind: 'filler' as const },
    { id: 'gap-6', start: 9.21, end: 9.83, kind: 'filler' as const },
    // A held "uhhh" the recogniser wrote nothing for: speech without words, alone in its phrase.
    { id: 'gap-7', start: 12.7, end: 13.2, kind: 'filler' as const },
  ];
  return clipAwaitingConfirmation(IDS, {
    title: 'Fillers',
    description: '',
    engagement_score: 0,
    is_long_form: true,
    start: 0,
    end: 14,
    segments: [
      {
        start: 0.92,
        end: 6.61,
        phrase: words
          .slice(0, 14)
          .map((w) => w.text)
          .join(' '),
        words: words.slice(0, 14),
      },
      {
        start: 7.4,
        end: 11.67,
        phrase: words
          .slice(14)
          .map((w) => w.text)
          .join(' '),
        words: words.slice(14),
      },
      { start: 12.75, end: 13.15, phrase: '', words: [] },
    ],
    draw_settings: DEFAULT_DRAW_SETTINGS,
    // NOTE: as an edit made with "Remove filler words" whose user then kept the third filler.
    gaps: [...silences, ...fillers.filter((f) => f.id !== 'gap-6')],
    detected_gaps: [...silences, ...fillers],
    subtitles_burned: false,
    edits: { cut: true, subtitles: false },
  });
}

function apiAnswers(clip: Clip): Record<string, unknown> {
  const speaking = (t: number) => clip.segments.some((s) => s.start <= t && t < s.end);
  return clipScreenAnswers(IDS, {
    user: { email: 'f@example.com', username: 'fillers' },
    name: 'Fillers',
    stepType: 'optimised-long-form',
    createdAt: 1_700_000_000,
    settings: { remove_fillers: true },
    clip,
    waveform: {
      start: 0,
      rate: 50,
      peaks: Array.from({ length: 700 }, (_, i) =>
        speaking(i / 50) ? 0.35 + 0.4 * Math.abs(Math.sin(i * 0.7)) : 0.02,
      ),
    },
  });
}

let web: StaticWeb;
let session: BrowserSession;

beforeAll(async () => {
  const root = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  web = await serveWeb(root);
  session = await openBrowser(web.base);
  await routeApi(session.page, apiAnswers(fillerClip()));
});
afterAll(async () => {
  await session?.close();
  await web?.close();
});

const clipPath = `/manage/automation/${JOB}/clip/${CLIP}`;
const step = (page: Page, name: 'Speech Gaps' | 'Subtitles') =>
  page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });

async function openClip(page: Page, path = clipPath) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
    return canvas instanceof HTMLCanvasElement && canvas.width > 0;
  });
}

describe('fillers on the clip screen', () => {
  it('draws, lists and toggles the fillers apart from the silences', async () => {
    const { page } = session;
    await openClip(page);
    const list = page.getByTestId('filler-list');
    await list.getByText('4 fillers, 3 removed').waitFor();
    await expect(page.getByTestId('timeline-legend').innerText()).resolves.toContain(
      'Filler, kept',
    );
    await expect(page.getByTestId('speech-gaps-footer').innerText()).resolves.toContain(
      '4 gaps found, 0 gaps deleted',
    );
    // The canvas shows the fillers' magenta where a removed filler lies (at 1.45-2.1 s) and
    // yellow over a silence (at 0-0.92 s).
    const colour = (seconds: number) =>
      page.evaluate((at) => {
        const canvas = document.querySelector(
          '[data-testid=gap-timeline] canvas',
        ) as HTMLCanvasElement;
        const x = Math.round((at / 14) * canvas.width);
        const y = Math.round(canvas.height * 0.85);
        return Array.from(canvas.getContext('2d')!.getImageData(x, y, 1, 1).data);
      }, seconds);
    const [fr, fg, fb] = await colour(1.8);
    const [sr, sg, sb] = await colour(0.5);
    expect(fb! > fg! && fr! > fg!).toBe(true);
    expect(sr! > sb! && sg! > sb!).toBe(true);
    await session.screenshot('filler-timeline');
    await page.getByRole('button', { name: 'Remove the filler at 0:09.2, um' }).click();
    await list.getByText('4 fillers, 4 removed').waitFor();
    await page.getByRole('button', { name: 'Keep the filler at 0:01.4, um' }).click();
    await list.getByText('4 fillers, 3 removed').waitFor();
    await session.screenshot('filler-timeline-toggled');
  });

  it('names the word heard in each filler, at its time on the clip', async () => {
    const { page } = session;
    await openClip(page);
    const items = page.getByTestId('filler-list').getByRole('listitem');
    await items.first().waitFor();
    expect(
      await items.evaluateAll((li) => li.map((e) => e.firstChild?.nextSibling?.textContent)),
    ).toEqual(['um · 0:01.4', 'uh · 0:03.9', 'um · 0:09.2', 'filler · 0:12.7']);
    await session.screenshot('filler-list');
  });

  it('leaves out a phrase the cut took out with its filler, and brings it back when kept', async () => {
    const { page } = session;
    await openClip(page);
    await step(page, 'Subtitles').click();
    const rows = page.getByTestId('phrase-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByTestId('phrase-list').innerText()).not.toContain(
      'Speech not recognised',
    );
    expect(await page.getByTestId('invalid-phrases').textContent()).toBe('0 / 2 invalid phrases');

    // Kept, and the kept cut confirmed for the preview: the held sound is heard, and asks for text.
    await step(page, 'Speech Gaps').click();
    await page.getByRole('button', { name: 'Keep the filler at 0:12.7' }).click();
    await page.getByRole('button', { name: 'Confirm Edit' }).click();
    await step(page, 'Subtitles').click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(2).innerText()).toContain('Speech not recognised: type what was said');
    expect(await page.getByTestId('invalid-phrases').textContent()).toBe('1 / 3 invalid phrases');
  });

  it("counts the clip's gaps alike on the clip screen and the timeline editor", async () => {
    const { page } = session;
    await openClip(page);
    await page
      .getByTestId('speech-gaps-footer')
      .getByText('4 gaps found, 0 gaps deleted')
      .waitFor();
    await openClip(page, `${clipPath}/timeline`);
    const description = page.getByTestId('timeline-description');
    // NOTE: the cut fillers are not gaps: they are counted in the filler list.
    await description.getByText('4 gaps found, 0 gaps deleted').waitFor({ timeout: 5000 });
    // A deleted gap is still found, and counted as deleted, on both.
    const timeline = page.getByTestId('gap-timeline');
    await timeline.scrollIntoViewIfNeeded();
    const box = await timeline.boundingBox();
    if (!box) throw new Error('no timeline');
    await timeline.click({
      position: { x: (7 / 14) * box.width, y: box.height * 0.7 },
      modifiers: ['Control'],
    });
    await description.getByText('4 gaps found, 1 gap deleted').waitFor({ timeout: 5000 });
  });

  it('says beside the gap count that a deleted gap stays in the video', async () => {
    const { page } = session;
    await openClip(page);
    const hint = 'Deleted gaps stay in the video';
    const footer = page.getByTestId('speech-gaps-footer');
    expect(await footer.getByTestId('deleted-gaps-hint').textContent()).toBe(hint);
    await openClip(page, `${clipPath}/timeline`);
    const description = page.getByTestId('timeline-description');
    expect(await description.getByTestId('deleted-gaps-hint').textContent()).toBe(hint);
  });
});
