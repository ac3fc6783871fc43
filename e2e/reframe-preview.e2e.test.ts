// Issue 21: the clip card's preview shows the vertical frame as the render makes it. In Chromium on
// a web build, with the API answers routed (validated by the shared schemas) and a generated video
// of a face walking from the left to the right: a short framed `follow` shows "Finding the
// speaker…" over the centre crop while its plan is pending, then its picture moves along the
// stored path at the video's time (the shared rule the render uses); a `split` short draws its two
// crops stacked. On the clip screen of a centred short, picking Follow speaker asks for that
// framing's plan at once: "Finding the speaker…", then the crop follows the face before any confirm.
// WEB_DIST=<a web build> vitest run --project e2e e2e/reframe-preview.e2e.test.ts
import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFaceVideo } from '@roughcut/engine/testing';
import {
  DEFAULT_DRAW_SETTINGS,
  assetListResponseSchema,
  clipFramingResponseSchema,
  clipListResponseSchema,
  waveformResponseSchema,
} from '@roughcut/shared';
import type { Clip, ClipFramingResponse } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import {
  clipAwaitingConfirmation,
  clipScreenAnswers,
  routeApi,
} from './support/clip-screen-api.ts';
import { REPO_ROOT } from './support/server.ts';
import { serveWeb } from './support/static-web.ts';
import type { StaticWeb } from './support/static-web.ts';
import {
  FOLLOW_PLAN,
  SPLIT_PLAN,
  WALK,
  expectedX,
  serveVideo,
  shownFrame,
  xOf,
} from './support/walking-face.ts';

const JOB = 'framing-job';
const INSTANCE = 'framing-instance';
const VIDEO_ASSET = 'framing-video';
const FOLLOW = 'follow-clip';
const SPLIT = 'split-clip';
const CENTRE = 'centre-clip';

function shortClip(id: string, title: string, reframe: Clip['reframe']): Clip {
  return clipAwaitingConfirmation(
    { job: JOB, instance: INSTANCE, clip: id },
    {
      title,
      description: 'A speaker who walks across the picture.',
      engagement_score: id === FOLLOW ? 8 : 6,
      is_long_form: false,
      start: 1,
      end: 7,
      segments: [{ start: 1.2, end: 6.5, phrase: '', words: [] }],
      draw_settings: DEFAULT_DRAW_SETTINGS,
      gaps: [],
      detected_gaps: [],
      subtitles_burned: false,
      edits: { cut: false, subtitles: false },
      reframe,
    },
  );
}

const followClip = shortClip(FOLLOW, 'The walk', 'follow');
const splitClip = shortClip(SPLIT, 'Two places', 'split');
const centreClip = shortClip(CENTRE, 'Not framed yet', 'centre');
const framingPath = (clip: string) =>
  `/api/manage/autojob/${JOB}/instance/${INSTANCE}/clip/${clip}/framing`;

let web: StaticWeb;
let media: http.Server;
let session: BrowserSession;
let workDir: string;
let videoFile: string;
/** The follow clip's plan is pending for its first answers, as while the job runs. */
let followAnswers = 0;
/** The framings the centred clip's screen asked for, in order. */
const centreAsked: string[] = [];

/** The routed answer to GET .../framing?reframe= of the follow and the centred clip. */
function framingAnswer(clip: string, reframe: string | null): ClipFramingResponse | undefined {
  const pending = { state: 'pending', plan: null } as const;
  if (clip === FOLLOW) {
    if (reframe === 'split') return { state: 'ready', plan: SPLIT_PLAN };
    followAnswers += 1;
    return followAnswers === 1 ? pending : { state: 'ready', plan: FOLLOW_PLAN };
  }
  if (clip !== CENTRE) return undefined;
  centreAsked.push(reframe ?? 'stored');
  if (reframe === 'split') return { state: 'ready', plan: SPLIT_PLAN };
  if (reframe !== 'follow') return { state: 'ready', plan: { mode: 'centre' } };
  // NOTE: pending for the pick's first two answers, as while the server's job tracks the face.
  return centreAsked.filter((r) => r === 'follow').length <= 2
    ? pending
    : { state: 'ready', plan: FOLLOW_PLAN };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-reframe-preview-'));
  videoFile = path.join(workDir, 'walk.mp4');
  await makeFaceVideo(WALK, videoFile);
  const served = await serveVideo(videoFile);
  media = served.server;
  const videoUrl = served.url;
  web = await serveWeb(process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
  session = await openBrowser(web.base);
  const answers = {
    ...clipScreenAnswers(
      { job: JOB, instance: INSTANCE, clip: FOLLOW },
      {
        user: { email: 'f@example.com', username: 'framing' },
        name: 'Framing',
        stepType: 'short-form-clips',
        createdAt: 1_700_000_000,
        settings: { reframe: 'follow' },
        clip: followClip,
        waveform: { start: 1, rate: 10, peaks: new Array<number>(60).fill(0.3) },
      },
    ),
    [`/api/manage/autojob/${JOB}/assets`]: assetListResponseSchema.parse({
      assets: [
        {
          id: VIDEO_ASSET,
          name: 'walk.mp4',
          asset_type: 'unedited_video',
          size: 1,
          uploaded_amount: 1,
          status: 'uploaded',
        },
      ],
    }),
    [`/api/manage/autojob/${JOB}/asset/${VIDEO_ASSET}`]: { url: videoUrl },
    [`/api/manage/autojob/${JOB}/instance/${INSTANCE}/clips`]: clipListResponseSchema.parse([
      followClip,
      splitClip,
    ]),
    [framingPath(SPLIT)]: clipFramingResponseSchema.parse({ state: 'ready', plan: SPLIT_PLAN }),
    [`/api/manage/autojob/${JOB}/instance/${INSTANCE}/clip/${CENTRE}`]: centreClip,
    [`/api/manage/autojob/${JOB}/instance/${INSTANCE}/clip/${CENTRE}/waveform`]:
      waveformResponseSchema.parse({ start: 1, rate: 10, peaks: new Array<number>(60).fill(0.3) }),
  };
  await routeApi(session.page, answers, async (route, pathname) => {
    const clip = [FOLLOW, CENTRE].find((id) => pathname === framingPath(id));
    if (!clip) return false;
    const reframe = new URL(route.request().url()).searchParams.get('reframe');
    const answer = framingAnswer(clip, reframe);
    await route.fulfill({ json: clipFramingResponseSchema.parse(answer) });
    return true;
  });
}, 120_000);

afterAll(async () => {
  await session?.close();
  await web?.close();
  await new Promise((resolve) => (media ? media.close(resolve) : resolve(undefined)));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the clip card preview of a followed short', () => {
  it(
    'says it is finding the speaker, then moves its crop along the path',
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      await page.goto(`/manage/automation/${JOB}`);
      const card = page.getByRole('article', { name: 'The walk' });
      await card.getByRole('status').getByText('Finding the speaker…').waitFor();
      await session.screenshot('reframe-card-finding');
      // The plan is asked again while pending; once ready the note goes.
      await card.getByText('Finding the speaker…').waitFor({ state: 'detached', timeout: 15_000 });
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-testid=clip-card] video')).some(
          (v) => (v as HTMLVideoElement).style.objectPosition !== '',
        ),
      );

      const start = await shownFrame(card);
      // NOTE: before playing, the card may show its first frame; the path holds still up to 2 s.
      expect(start.time).toBeLessThan(2);
      expect(xOf(start.position)).toBeCloseTo(expectedX(1), 0);
      await session.screenshot('reframe-card-follow-start');

      await card.getByRole('button', { name: 'Play', exact: true }).click();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('video[aria-label^="Preview of"]')).some(
          (v) => (v as HTMLVideoElement).currentTime >= 5.5,
        ),
      );
      await card.getByRole('button', { name: 'Pause', exact: true }).click();
      const later = await shownFrame(card);
      // NOTE: paused, so the picture is painted at the time read (the next animation frame).
      await page.waitForFunction(
        (x) =>
          Array.from(document.querySelectorAll('video[aria-label^="Preview of"]')).some(
            (v) =>
              Math.abs(Number.parseFloat((v as HTMLVideoElement).style.objectPosition) - x) < 0.5,
          ),
        expectedX(later.time),
      );
      const settled = await shownFrame(card);
      expect(settled.time).toBeGreaterThan(5);
      expect(xOf(settled.position)).toBeCloseTo(expectedX(settled.time), 0);
      // The crop went from the left edge of the picture to its right part.
      expect(xOf(start.position)).toBeLessThan(10);
      expect(xOf(settled.position)).toBeGreaterThan(80);
      await session.screenshot('reframe-card-follow-later');
    },
  );

  it('draws a split short as two stacked crops', async () => {
    const { page } = session;
    const card = page.getByRole('article', { name: 'Two places' });
    const canvas = card.getByTestId('reframe-split');
    await canvas.waitFor();
    await card.scrollIntoViewIfNeeded();
    await card
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) =>
        v.readyState >= 2 ? undefined : new Promise((r) => v.addEventListener('loadeddata', r)),
      );
    const drawn = await canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0);
    expect(drawn).toBe(true);
    await session.screenshot('reframe-card-split');
  });

  it('shows the same frame on the clip screen', async () => {
    const { page } = session;
    await page.goto(`/manage/automation/${JOB}/clip/${FOLLOW}`);
    const frame = page.getByTestId('gap-player-frame');
    await frame.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid=gap-player-frame] video')).some(
        (v) => (v as HTMLVideoElement).style.objectPosition !== '',
      ),
    );
    const start = await shownFrame(frame);
    expect(xOf(start.position)).toBeCloseTo(expectedX(start.time), 0);
    await session.screenshot('reframe-clip-screen-follow');
    const group = page.getByRole('group', { name: 'Vertical framing' });
    await group.getByRole('button', { name: 'Split', exact: true }).click();
    // The pick's plan (the same face track's split) is shown before any confirm.
    await frame.getByTestId('reframe-split').waitFor();
    await session.screenshot('reframe-clip-screen-picked-split');
  });
});

describe('the clip screen of a centred short', () => {
  it(
    'finds the speaker for a picked Follow speaker and follows them before the confirm',
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      await page.goto(`/manage/automation/${JOB}/clip/${CENTRE}`);
      const frame = page.getByTestId('gap-player-frame');
      await frame.waitFor();
      const group = page.getByRole('group', { name: 'Vertical framing' });
      await group.getByRole('button', { name: 'Centre', exact: true }).waitFor();
      expect(await frame.getByRole('status').count()).toBe(0);
      // NOTE: the centre crop needs no plan.
      expect(centreAsked).toEqual([]);

      await group.getByRole('button', { name: 'Follow speaker', exact: true }).click();
      await frame.getByRole('status').getByText('Finding the speaker…').waitFor();
      await session.screenshot('reframe-clip-screen-finding');
      await frame.getByText('Finding the speaker…').waitFor({ state: 'detached', timeout: 15_000 });
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-testid=gap-player-frame] video')).some(
          (v) => (v as HTMLVideoElement).style.objectPosition !== '',
        ),
      );
      const start = await shownFrame(frame);
      expect(xOf(start.position)).toBeCloseTo(expectedX(start.time), 0);
      // The face stands at the left edge of the picture: the crop is there, not in the middle.
      expect(xOf(start.position)).toBeLessThan(10);
      expect(await page.getByText(/once the clip is confirmed/).count()).toBe(0);
      await session.screenshot('reframe-clip-screen-picked-follow');
      await page.screenshot({ path: '/tmp/clip-follow.png' });
      expect(centreAsked.slice(0, 3)).toEqual(['follow', 'follow', 'follow']);

      await group.getByRole('button', { name: 'Split', exact: true }).click();
      await frame.getByTestId('reframe-split').waitFor();
      expect(centreAsked).toContain('split');
    },
  );
});
