import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOtio } from '@roughcut/engine/testing';
import { FILLER_CORPUS, makeFillerVideo } from '@roughcut/engine/testing/fillers';
import {
  apiPaths,
  clipListResponseSchema,
  clipResponseSchema,
  isFillerGap,
} from '@roughcut/shared';
import type { Clip, Gap } from '@roughcut/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { withFailureContext } from './support/failure-context.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { fillerCountLabel } from '../apps/web/src/features/clip-screen/gap-editing.rules.ts';

// Issue 33 on a real analysed video with fillers, through the real server: a clip confirmed on the
// clip screen with one filler cut and one kept comes back, after a reload, with both still fillers
// (a cut filler used to come back a silence: the confirm body dropped each gap's kind): on the
// timeline, in the filler list, in the gap count, and in an editor export of the clip.

let dataDir = '';
let mediaDir = '';
let server: RunningServer;
let session: BrowserSession;
let jobId = '';
let instanceId = '';
let clip: Clip;

const DESKTOP = { width: 1440, height: 900 };
const fillersOf = (c: Clip) => c.detected_gaps.filter(isFillerGap);
const silencesOf = (c: Clip) => c.detected_gaps.filter((g) => !isFillerGap(g));
const clipUrl = () => `/manage/automation/${jobId}/clip/${clip.id}`;

async function fetchClip(page: Page): Promise<Clip> {
  const response = await page.request.get(apiPaths.clip(jobId, instanceId, clip.id));
  expect(response.ok()).toBe(true);
  return clipResponseSchema.parse(await response.json());
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'roughcut-confirm-kinds-data-'));
  mediaDir = await mkdtemp(path.join(tmpdir(), 'roughcut-confirm-kinds-media-'));
  const corpus = FILLER_CORPUS[0];
  if (!corpus) throw new Error('no filler corpus');
  const [started, video] = await Promise.all([
    startServer({ DATA_DIR: dataDir }),
    makeFillerVideo(
      { ...corpus, name: 'confirm-kinds', sentences: corpus.sentences.slice(0, 3) },
      mediaDir,
    ),
  ]);
  server = started;
  session = await openBrowser(server.baseUrl);
  await signUp(session.page, 'kinds');
  jobId = await startEdit(session.page, 'Filler kinds edit', video.path);
  const job = await waitForJob(session.page, jobId, ['awaiting-confirmation'], 600_000);
  instanceId = job.job_instance?.id ?? '';
  const clips = clipListResponseSchema.parse(
    await (await session.page.request.get(apiPaths.instanceClips(jobId, instanceId))).json(),
  );
  // NOTE: the long form holds every filler of the video.
  const chosen = clips
    .filter((c) => fillersOf(c).length >= 2)
    .sort((a, b) => Number(b.is_long_form) - Number(a.is_long_form))[0];
  if (!chosen) {
    throw new Error(
      `no clip with two fillers: ${JSON.stringify(clips.map((c) => [c.title, c.detected_gaps]))}`,
    );
  }
  clip = chosen;
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  for (const dir of [dataDir, mediaDir]) {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

const failWithContext = (name: string, run: () => Promise<void>) =>
  withFailureContext(session, server, name, run);

/** The timeline canvas's colour in the middle of a source time's column, low in the track. */
async function colourAt(page: Page, source: number): Promise<number[]> {
  return page.evaluate(
    ({ at, start, end }) => {
      const canvas = document.querySelector(
        '[data-testid=gap-timeline] canvas',
      ) as HTMLCanvasElement;
      const x = Math.round(((at - start) / (end - start)) * canvas.width);
      const y = Math.round(canvas.height * 0.85);
      return Array.from(canvas.getContext('2d')!.getImageData(x, y, 1, 1).data);
    },
    { at: source, start: clip.start, end: clip.end },
  );
}

const isMagenta = ([r = 0, g = 0, b = 0]: number[]) => b > g + 20 && r > g + 20;
const isYellow = ([r = 0, g = 0, b = 0]: number[]) => r > b + 40 && g > b + 40;

describe('gap kinds through a confirm (issue 33)', () => {
  it('keeps a cut filler and a kept filler fillers after a confirm and a reload', async () => {
    await failWithContext('clip-confirm-kinds', async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      await page.goto(clipUrl());
      const list = page.getByTestId('filler-list');
      const found = fillersOf(clip).length;
      await list.getByText(/^(\d+ fillers?, \d+ removed)$/).waitFor();
      console.log(
        `[clip-screen-confirm] ${clip.title}: ${found} fillers, ${silencesOf(clip).length} silences; list: ${await list.innerText()}`,
      );

      // Every filler kept, then the first one cut: one cut, the others kept.
      const keepAll = list.getByRole('button', { name: 'Keep all' });
      if (await keepAll.isEnabled()) await keepAll.click();
      await list.getByText(fillerCountLabel({ found, removed: 0 }), { exact: true }).waitFor();
      const [cut, kept] = [...fillersOf(clip)].sort((a, b) => a.start - b.start) as [Gap, Gap];
      await list
        .getByRole('button', { name: /^Remove the filler at / })
        .first()
        .click();
      await list.getByText(fillerCountLabel({ found, removed: 1 }), { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Confirm Edit' }).click();
      await page.getByTestId('speech-gaps-confirmed').waitFor();
      await page.getByRole('button', { name: 'Submit Confirm' }).click();
      await page.waitForURL(`**/manage/automation/${jobId}`);

      // The server stored the cut filler as a filler.
      const confirmed = await fetchClip(page);
      expect(confirmed.confirmed).toBe(true);
      expect(confirmed.gaps.find((g) => g.id === cut.id)).toEqual(cut);
      expect(confirmed.gaps.some((g) => g.id === kept.id)).toBe(false);

      // Unconfirmed (the stored edits stay) and opened again: both are still fillers.
      const unconfirm = await page.request.post(
        apiPaths.clipUnconfirm(jobId, instanceId, clip.id),
        { headers: { origin: server.baseUrl } },
      );
      expect(unconfirm.ok()).toBe(true);
      await page.goto(clipUrl());
      await list.getByText(fillerCountLabel({ found, removed: 1 }), { exact: true }).waitFor();
      const items = list.getByRole('listitem');
      expect(
        await items.evaluateAll((li) => li.map((e) => e.getAttribute('data-removed'))),
      ).toEqual(
        [...fillersOf(clip)].sort((a, b) => a.start - b.start).map((f) => String(f.id === cut.id)),
      );
      const silences = silencesOf(clip).length;
      await page
        .getByTestId('speech-gaps-footer')
        .getByText(`${silences} ${silences === 1 ? 'gap' : 'gaps'} found, 0 gaps deleted`)
        .waitFor();
      // On the timeline: the cut filler striped magenta, not a yellow silence.
      await page.waitForFunction(() => {
        const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
        return canvas instanceof HTMLCanvasElement && canvas.width > 0;
      });
      const colour = await colourAt(page, (cut.start + cut.end) / 2);
      expect(isMagenta(colour), `the cut filler is drawn ${colour.join(',')}`).toBe(true);
      expect(isYellow(colour)).toBe(false);
      await session.screenshot('clip-confirm-kinds-reloaded');

      // In an editor export of the clip: the cut filler is out of the kept picture, the kept one in.
      const response = await page.request.get(
        `${apiPaths.clip(jobId, instanceId, clip.id)}/export/otio`,
        { headers: { origin: server.baseUrl } },
      );
      expect(response.ok()).toBe(true);
      const timeline = readOtio(await response.text());
      const seconds = (frames: number) => (frames * timeline.rate.den) / timeline.rate.num;
      const keptAt = (time: number) =>
        timeline.video.some((c) => seconds(c.sourceIn) <= time && time <= seconds(c.sourceOut));
      const middle = (g: Gap) => (g.start + g.end) / 2;
      expect(keptAt(middle(cut)), 'the cut filler is in the export').toBe(false);
      expect(keptAt(middle(kept)), 'the kept filler is missing from the export').toBe(true);
    });
  });
});
