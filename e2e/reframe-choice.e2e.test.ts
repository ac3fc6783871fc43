// Issue 21: the per-clip framing on the clip screen, in Chromium on the real web build. Only the
// API answers are generated here (validated by the shared schemas): a short clip stored with
// `split`. The screen must show the stored choice, and a confirm after picking Follow speaker must
// carry `reframe: 'follow'` with the cut.
// WEB_DIST=<a web build> vitest run --project e2e e2e/reframe-choice.e2e.test.ts
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS, customConfirmClipRequestSchema } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
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

const JOB = 'reframe-job';
const INSTANCE = 'reframe-instance';
const CLIP = 'reframe-clip';
const IDS = { job: JOB, instance: INSTANCE, clip: CLIP };

function shortClip(): Clip {
  const words = [
    { text: 'Two', start: 1, end: 1.4, confidence: 0.9 },
    { text: 'people', start: 1.4, end: 1.9, confidence: 0.9 },
    { text: 'talking', start: 1.9, end: 2.5, confidence: 0.9 },
  ];
  return clipAwaitingConfirmation(IDS, {
    title: 'Two people talking',
    description: 'A short with two faces.',
    engagement_score: 7,
    is_long_form: false,
    start: 0.5,
    end: 4,
    segments: [{ start: 1, end: 2.5, phrase: 'Two people talking', words }],
    draw_settings: DEFAULT_DRAW_SETTINGS,
    gaps: [{ id: 'gap-1', start: 2.6, end: 3.2 }],
    detected_gaps: [{ id: 'gap-1', start: 2.6, end: 3.2 }],
    subtitles_burned: true,
    edits: { cut: false, subtitles: false },
    reframe: 'split',
  });
}

function apiAnswers(clip: Clip): Record<string, unknown> {
  return clipScreenAnswers(IDS, {
    user: { email: 'r@example.com', username: 'reframe' },
    name: 'Reframe',
    stepType: 'short-form-clips',
    createdAt: 1_700_000_000,
    settings: { reframe: 'split' },
    clip,
    waveform: { start: 0.5, rate: 10, peaks: new Array<number>(35).fill(0.3) },
  });
}

const CONFIRM_PATH = `/api/manage/autojob/${JOB}/instance/${INSTANCE}/clip/${CLIP}/confirm`;

let web: StaticWeb;
let session: BrowserSession;
const confirms: unknown[] = [];

beforeAll(async () => {
  web = await serveWeb(process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
  session = await openBrowser(web.base);
  const clip = shortClip();
  await routeApi(session.page, apiAnswers(clip), async (route, pathname) => {
    if (pathname !== CONFIRM_PATH) return false;
    const body: unknown = route.request().postDataJSON();
    confirms.push(body);
    await route.fulfill({ json: { ...clip, confirmed: true } });
    return true;
  });
});
afterAll(async () => {
  await session?.close();
  await web?.close();
});

describe('the framing of a short on the clip screen', () => {
  it('shows the stored choice and confirms the picked one', async () => {
    const { page } = session;
    await page.goto(`/manage/automation/${JOB}/clip/${CLIP}`);
    const group = page.getByRole('group', { name: 'Vertical framing' });
    const pressed = (name: string) =>
      group.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
    await group.waitFor();
    await expect(pressed('Split')).resolves.toBe('true');
    await expect(pressed('Centre')).resolves.toBe('false');
    await group.getByRole('button', { name: 'Follow speaker' }).click();
    await expect(pressed('Follow speaker')).resolves.toBe('true');
    await page.getByText('The crop follows the face of whoever is speaking.').waitFor();
    await session.screenshot('reframe-choice');

    await page.getByRole('button', { name: 'Confirm Edit' }).click();
    await page.getByRole('button', { name: 'Submit Confirm' }).click();
    await page.waitForURL(`**/manage/automation/${JOB}`);
    expect(confirms).toHaveLength(1);
    const body = customConfirmClipRequestSchema.parse(confirms[0]);
    expect(body).toEqual({ cut: [{ id: 'gap-1', start: 2.6, end: 3.2 }], reframe: 'follow' });
  });
});
