import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  assetListResponseSchema,
  clipKeptSpans,
  clipResponseSchema,
  totalLength,
} from '@roughcut/shared';
import type { Clip, Gap } from '@roughcut/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';
import {
  applyTolerance,
  deletePhrase,
  editPhraseText,
  invalidPhrasesLabel,
  markInitialValidity,
  phrasesFromSegments,
} from '../apps/web/src/features/clip-screen/phrase-validity.rules.ts';

// The clip confirmation screen on a real generated talking video through the real server: every
// state a user meets (portrait and landscape, many gaps and none, no speech, desktop and phone),
// then one clip edited (a gap edge dragged, a gap deleted, a phrase retyped, a phrase deleted, the
// tolerance moved), confirmed and rendered; the output must match what the screen showed.

let server: RunningServer;
let workDir: string;
let session: BrowserSession;
let jobId = '';
let instanceId = '';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const clipUrl = (clipId: string) => `/manage/automation/${jobId}/clip/${clipId}`;

async function fetchClip(page: Page, clipId: string): Promise<Clip> {
  const response = await page.request.get(apiPaths.clip(jobId, instanceId, clipId));
  expect(response.ok()).toBe(true);
  return clipResponseSchema.parse(await response.json());
}

async function listClips(page: Page): Promise<Clip[]> {
  const response = await page.request.get(apiPaths.instanceClips(jobId, instanceId));
  return (await response.json()) as Clip[];
}

/** Every file below `dir` (the server's data folder). */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The page fits the viewport: nothing sticks out sideways (a phone must not scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * On a phone the video and its controls are on the first screen, unscrolled (SPEC 2.10's top bar,
 * the header and the steps above it). Saves what the phone shows, for looking at.
 */
async function expectVideoOnFirstScreen(page: Page, name: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const frame = page.getByTestId('gap-player-frame').first();
  const video = await frame.locator('video').first().boundingBox();
  const play = await page.getByRole('button', { name: 'Play', exact: true }).boundingBox();
  if (!video || !play) throw new Error('the video or its Play button is not shown');
  console.log(
    `${name} on a phone: video ${Math.round(video.y)}-${Math.round(video.y + video.height)} px, Play button bottom ${Math.round(play.y + play.height)} px`,
  );
  expect(video.height).toBeGreaterThan(150);
  expect(video.y).toBeGreaterThanOrEqual(0);
  expect(video.y + video.height).toBeLessThanOrEqual(viewport.height);
  expect(play.y + play.height).toBeLessThanOrEqual(viewport.height);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone-screen.png`) });
}

const step = (page: Page, name: 'Speech Gaps' | 'Subtitles') =>
  page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });

async function waitForVideo(page: Page) {
  await page.getByTestId('gap-player-frame').first().waitFor();
  await page.getByText('Loading video').waitFor({ state: 'detached', timeout: 60_000 });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-clip-screen-e2e-'));
  const [started, video] = await Promise.all([
    startServer(),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
  server = started;
  session = await openBrowser(server.baseUrl);
  const { page } = session;
  await signUp(page, 'clip');
  jobId = await startEdit(page, 'Clip screen edit', video.file);
  const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 600_000);
  instanceId = job.job_instance?.id ?? '';
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function failWithContext(run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    await session.screenshot('clip-screen-failure').catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}\n--- server log tail:\n${server.logs().slice(-4000)}`,
      { cause: error },
    );
  }
}

describe('the clip confirmation screen', () => {
  it('shows every state a user meets, on a desktop and on a phone', async () => {
    await failWithContext(async () => {
      const { page, screenshot } = session;
      const clips = await listClips(page);
      const short = clips.find((c) => !c.is_long_form);
      const long = clips.find((c) => c.is_long_form);
      if (!short || !long) throw new Error('expected a short clip and a long form');

      for (const [name, clip] of [
        ['portrait', short],
        ['landscape', long],
      ] as const) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.goto(clipUrl(clip.id));
          await page.getByRole('heading', { name: 'This edit' }).waitFor();
          await waitForVideo(page);
          await page.getByTestId('speech-gaps-footer').waitFor();
          await expectNoSidewaysScroll(page);
          // The video comes before the Edit Details box, on the first screen even on a phone.
          const player = await page.getByTestId('gap-player-frame').first().boundingBox();
          expect(player?.y ?? Infinity).toBeLessThan(viewport.height * 0.75);
          if (size === 'phone') await expectVideoOnFirstScreen(page, `clip-${name}-gaps`);
          await screenshot(`clip-${name}-gaps-${size}`);
          await step(page, 'Subtitles').click();
          await page.getByTestId('invalid-phrases').waitFor();
          await page.getByTestId('subtitle-canvas').waitFor({ state: 'attached' });
          if (size === 'phone') await expectVideoOnFirstScreen(page, `clip-${name}-subtitles`);
          await page.getByRole('button', { name: 'Play', exact: true }).click();
          await page.waitForFunction(() =>
            Array.from(document.querySelectorAll('video')).some((v) => !v.paused),
          );
          await page.getByRole('button', { name: 'Pause', exact: true }).click();
          await expectNoSidewaysScroll(page);
          await screenshot(`clip-${name}-subtitles-${size}`);
        }
      }

      // The Edit Details box and the sidebar marks on the real clip.
      await page.setViewportSize(DESKTOP);
      await page.goto(clipUrl(short.id));
      const words = short.segments.flatMap((s) => s.words ?? []);
      await page.getByText(`Detected ${words.length} words`).waitFor();
      await page.getByText('Generated from voice recognition').waitFor();
      await page.getByTestId('speech-gaps-unconfirmed').waitFor();

      // The same clip with no gaps and with no speech at all (the server's answer rewritten, so
      // the states show on the real screen and video).
      for (const variant of ['no-gaps', 'no-speech'] as const) {
        await page.route(`**${apiPaths.clip(jobId, instanceId, short.id)}`, async (route) => {
          const response = await route.fetch();
          const clip = (await response.json()) as Clip;
          const changed =
            variant === 'no-gaps'
              ? { ...clip, gaps: [], detected_gaps: [] }
              : { ...clip, segments: [], gaps: [], detected_gaps: [] };
          await route.fulfill({ response, json: changed });
        });
        await page.goto(clipUrl(short.id));
        await waitForVideo(page);
        await page.getByTestId('speech-gaps-footer').waitFor();
        await screenshot(`clip-${variant}-gaps-desktop`);
        await step(page, 'Subtitles').click();
        if (variant === 'no-speech') {
          await page.getByText('No transcription found').waitFor();
          await page.getByText('Was there any speaking in this video?').waitFor();
          await page.getByText('Detected 0 words').waitFor();
          expect(await page.getByTestId('invalid-phrases').textContent()).toBe(
            '0 / 0 invalid phrases',
          );
        }
        await screenshot(`clip-${variant}-subtitles-desktop`);
        await page.unrouteAll();
      }
    });
  });

  it('edits a clip and the render obeys every change', async () => {
    await failWithContext(async () => {
      const { page, screenshot, nextDialog } = session;
      await page.setViewportSize(DESKTOP);
      // The clip with the most inner gaps (the long form has them all) and two phrases or more.
      const inner = (clip: Clip) =>
        clip.gaps.filter((g) => g.start > clip.start + 0.05 && g.end < clip.end - 0.05);
      const clips = (await listClips(page))
        .filter((c) => c.segments.length >= 2 && inner(c).length >= 2)
        .sort((a, b) => Number(a.is_long_form) - Number(b.is_long_form));
      const chosen = clips[0];
      if (!chosen) throw new Error('no clip has two inner gaps and two phrases');

      // Opened from the job page's Edit.
      await page.goto(`/manage/automation/${jobId}`);
      const score = page.getByTestId('engagement-score');
      const card = page
        .getByTestId('clip-card')
        .filter(chosen.is_long_form ? { hasNot: score } : { has: score })
        .and(page.getByLabel(chosen.title, { exact: true }))
        .first();
      await card.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.waitForURL(`**${clipUrl(chosen.id)}`);
      const before = await fetchClip(page, chosen.id);
      await waitForVideo(page);

      // Nothing confirmed yet: Submit refuses.
      expect(
        await nextDialog(() => page.getByRole('button', { name: 'Submit Confirm' }).click()),
      ).toBe('Unable to submit - you have not confirmed any edits yet for this clip.');

      // Drag the end edge of one inner gap left; Ctrl+click another to delete it.
      const [dragged, deleted] = [...inner(before)].sort(
        (a, b) => b.end - b.start - (a.end - a.start),
      ) as [Gap, Gap];
      const timeline = page.getByTestId('gap-timeline');
      // NOTE: mouse coordinates are the viewport's: the timeline must be on screen.
      await timeline.scrollIntoViewIfNeeded();
      const handle = await page.getByTestId(`gap-handle-${dragged.id}-end`).boundingBox();
      const startHandle = await page.getByTestId(`gap-handle-${dragged.id}-start`).boundingBox();
      if (!handle || !startHandle) throw new Error('gap handles not shown');
      const x = handle.x + handle.width / 2;
      const y = handle.y + handle.height / 2;
      const gapPx = x - (startHandle.x + startHandle.width / 2);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - gapPx * 0.2, y, { steps: 5 });
      await page.mouse.move(x - gapPx * 0.4, y, { steps: 5 });
      await page.mouse.up();
      const [end, start] = await Promise.all([
        page.getByTestId(`gap-handle-${deleted.id}-end`).boundingBox(),
        page.getByTestId(`gap-handle-${deleted.id}-start`).boundingBox(),
      ]);
      if (!end || !start) throw new Error('gap handles not shown');
      const box = await timeline.boundingBox();
      if (!box) throw new Error('timeline not shown');
      await timeline.click({
        position: { x: (start.x + end.x + end.width) / 2 - box.x, y: box.height * 0.7 },
        modifiers: ['Control'],
      });
      await page.getByTestId(`gap-handle-${deleted.id}-end`).waitFor({ state: 'detached' });
      const draggedEnd = Number(
        await page.getByTestId(`gap-handle-${dragged.id}-end`).getAttribute('aria-valuenow'),
      );
      expect(draggedEnd).toBeLessThan(dragged.end - 0.05);
      expect(draggedEnd).toBeGreaterThanOrEqual(dragged.start + 0.1);
      await page.getByRole('button', { name: 'Confirm Edit' }).click();
      await page.getByTestId('speech-gaps-confirmed').waitFor();
      await screenshot('clip-journey-gaps-edited');

      // Subtitles: retype one phrase, delete another, move the tolerance to 75%.
      await step(page, 'Subtitles').click();
      const textOf = (i: number) =>
        page.getByRole('textbox', { name: `Text of phrase ${i + 1}`, exact: true });
      const phrases = before.segments;
      const editIndex = 0;
      const deleteIndex = phrases.findIndex(
        (p, i) =>
          i !== editIndex &&
          p.phrase.trim().length > 0 &&
          phrases.filter((q) => q.phrase === p.phrase).length === 1,
      );
      expect(deleteIndex).toBeGreaterThan(0);
      const deletedText = phrases[deleteIndex]?.phrase ?? '';
      const editedText = 'Roughcut keeps what I typed';
      await textOf(editIndex).fill(editedText);
      await page
        .getByRole('button', { name: `Delete phrase ${deleteIndex + 1}`, exact: true })
        .click();
      await page.getByRole('slider', { name: 'Confidence tolerance' }).focus();
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
      expect(await page.getByTestId('tolerance-value').textContent()).toBe('75%');
      let expected = markInitialValidity(phrasesFromSegments(phrases), 0.8);
      expected = editPhraseText(expected, `phrase-${editIndex}`, editedText);
      expected = deletePhrase(expected, `phrase-${deleteIndex}`);
      expected = applyTolerance(expected, 0.75);
      expect(await page.getByTestId('invalid-phrases').textContent()).toBe(
        invalidPhrasesLabel(expected, 0.75),
      );
      await page.getByTestId('subtitle-canvas').waitFor({ state: 'attached' });
      await screenshot('clip-journey-subtitles-edited');

      // Confirm All, Submit Confirm: back on the job page; the clip now shows the edits.
      await page.getByRole('button', { name: 'Confirm All' }).click();
      await page.getByTestId('subtitles-confirmed').waitFor();
      await page.getByRole('button', { name: 'Submit Confirm' }).click();
      await page.waitForURL(`**/manage/automation/${jobId}`);
      const confirmed = await fetchClip(page, chosen.id);
      expect(confirmed.confirmed).toBe(true);
      expect(confirmed.gaps.map((g) => g.id)).not.toContain(deleted.id);
      expect(confirmed.gaps.find((g) => g.id === dragged.id)).toEqual({
        ...dragged,
        end: draggedEnd,
      });
      expect(confirmed.segments.map((s) => s.phrase)).toContain(editedText);
      expect(confirmed.segments).toHaveLength(phrases.length - 1);
      expect(confirmed.subtitles_burned).toBe(true);

      // Continue and wait for the render.
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForJob(page, jobId, ['finished'], 600_000);
      const assets = assetListResponseSchema
        .parse(await (await page.request.get(apiPaths.autojobAssets(jobId))).json())
        .assets.filter((a) => a.asset_type === 'edited_video' && a.clip_id === chosen.id);
      expect(assets).toHaveLength(1);
      const files = await filesBelow(server.dataDir);
      const assetId = assets[0]?.id ?? '';
      const output = files.find((f) => f.includes(assetId) && f.endsWith('.mp4'));
      const script = files.find((f) => f.includes(assetId) && f.endsWith('.ass'));
      if (!output || !script) throw new Error(`no output for ${assetId} in ${files.join('\n')}`);

      // The duration is the kept spans' length, within one frame.
      const { probeMedia } = (await import('@roughcut/engine')) as unknown as {
        probeMedia: (file: string) => Promise<{ durationS: number; fps: number }>;
      };
      const probe = await probeMedia(output);
      const kept = totalLength(
        clipKeptSpans({ start: confirmed.start, end: confirmed.end }, confirmed.gaps),
      );
      expect(Math.abs(probe.durationS - kept)).toBeLessThanOrEqual(1 / (probe.fps || 30) + 1e-3);

      // The burned script holds the retyped phrase and not the deleted one.
      const dialogue = (await readFile(script, 'utf8'))
        .split('\n')
        .filter((line) => line.startsWith('Dialogue:'))
        .map((line) => line.split(',').slice(9).join(','));
      expect(dialogue).toContain(editedText);
      expect(dialogue).not.toContain(deletedText);
    });
  });
});
