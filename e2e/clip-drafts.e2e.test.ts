import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILLER_CORPUS, makeFillerVideo } from '@roughcut/engine/testing/fillers';
import { apiPaths, clipListResponseSchema, isFillerGap } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { withFailureContext } from './support/failure-context.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { fillerCountLabel } from '../apps/web/src/features/clip-screen/gap-editing.rules.ts';

// Issue 31 in Chromium on a real analysed video (speech with fillers): every change on the clip
// screen (a phrase's text, a deleted gap, a cut filler, the framing, a style value) is kept as the
// user's draft on the server, and comes back after Back, a reload, in a second browser and after a
// server restart; Discard draft brings back the clip as loaded; leaving with a change not saved
// yet asks first (the screen's Back, the browser's Back, a link, closing the tab).

let dataDir = '';
let mediaDir = '';
let server: RunningServer;
let session: BrowserSession;
let jobId = '';
let clip: Clip;

const EDITED_TEXT = 'Roughcut keeps my draft';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const clipUrl = () => `/manage/automation/${jobId}/clip/${clip.id}`;
const silences = (c: Clip) => c.detected_gaps.filter((g) => !isFillerGap(g));
const fillers = (c: Clip) => c.detected_gaps.filter(isFillerGap);
const removedFillers = (c: Clip) => c.gaps.filter(isFillerGap).length;

const step = (page: Page, name: 'Speech Gaps' | 'Subtitles') =>
  page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });
const framingButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Vertical framing' }).getByRole('button', { name, exact: true });
const leaveDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
const phraseText = (page: Page) =>
  page.getByRole('textbox', { name: 'Text of phrase 1', exact: true });

async function openFromJobPage(page: Page) {
  await page.goto(`${server.baseUrl}/manage/automation/${jobId}`);
  await page
    .getByTestId('clip-card')
    .and(page.getByLabel(clip.title, { exact: true }))
    .first()
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  await page.waitForURL(`**${clipUrl()}`);
  await page.getByTestId('speech-gaps-footer').waitFor();
}

/** The changes of the first test, as the screen shows them (`edited`), or the clip as loaded. */
async function expectScreen(page: Page, edited: boolean) {
  const cut = new Set(clip.gaps.map((g) => g.id));
  const found = silences(clip).length;
  const deleted = silences(clip).filter((g) => !cut.has(g.id)).length + (edited ? 1 : 0);
  await page
    .getByTestId('speech-gaps-footer')
    .getByText(
      `${found} ${found === 1 ? 'gap' : 'gaps'} found, ${deleted} ${deleted === 1 ? 'gap' : 'gaps'} deleted`,
    )
    .waitFor();
  const removed = removedFillers(clip) + (edited ? 1 : 0);
  await page
    .getByTestId('filler-list')
    .getByText(fillerCountLabel({ found: fillers(clip).length, removed }), { exact: true })
    .waitFor();
  expect(await framingButton(page, edited ? 'Split' : 'Centre').getAttribute('aria-pressed')).toBe(
    'true',
  );
  await step(page, 'Subtitles').click();
  const text = await phraseText(page).inputValue();
  if (edited) expect(text).toBe(EDITED_TEXT);
  else expect(text).toBe(clip.segments[0]?.phrase);
  expect(await page.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe(
    edited ? 'true' : 'false',
  );
  await step(page, 'Speech Gaps').click();
}

async function waitForSaved(page: Page) {
  await page.getByTestId('draft-save-state').getByText('Draft saved').waitFor();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'roughcut-drafts-data-'));
  mediaDir = await mkdtemp(path.join(tmpdir(), 'roughcut-drafts-media-'));
  const corpus = FILLER_CORPUS[0];
  if (!corpus) throw new Error('no filler corpus');
  const [started, video] = await Promise.all([
    startServer({ DATA_DIR: dataDir }),
    makeFillerVideo(
      { ...corpus, name: 'drafts-fillers', sentences: corpus.sentences.slice(0, 3) },
      mediaDir,
    ),
  ]);
  server = started;
  session = await openBrowser(server.baseUrl);
  await signUp(session.page, 'drafts');
  jobId = await startEdit(session.page, 'Drafts edit', video.path);
  const job = await waitForJob(session.page, jobId, ['awaiting-confirmation'], 600_000);
  const response = await session.page.request.get(
    apiPaths.instanceClips(jobId, job.job_instance?.id ?? ''),
  );
  const clips = clipListResponseSchema.parse(await response.json());
  const chosen = clips.find(
    (c) => !c.is_long_form && fillers(c).length > 0 && silences(c).length > 0,
  );
  if (!chosen) {
    throw new Error(
      `no short clip with a filler and a silence: ${JSON.stringify(clips.map((c) => [c.title, c.is_long_form, c.detected_gaps]))}`,
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

describe('clip drafts', () => {
  it('keep every change through Back, a reload, a second browser and a restart; Discard draft brings back the clip', async () => {
    await failWithContext('clip-drafts-kept', async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      await openFromJobPage(page);
      await expectScreen(page, false);

      // A deleted gap: Ctrl+click the first silence.
      const gap = silences(clip)[0];
      if (!gap) throw new Error('no silence');
      const timeline = page.getByTestId('gap-timeline');
      await timeline.scrollIntoViewIfNeeded();
      const [start, end, box] = await Promise.all([
        page.getByTestId(`gap-handle-${gap.id}-start`).boundingBox(),
        page.getByTestId(`gap-handle-${gap.id}-end`).boundingBox(),
        timeline.boundingBox(),
      ]);
      if (!start || !end || !box) throw new Error('the gap is not shown');
      await timeline.click({
        position: { x: (start.x + end.x + end.width) / 2 - box.x, y: box.height * 0.7 },
        modifiers: ['Control'],
      });
      await page.getByTestId(`gap-handle-${gap.id}-end`).waitFor({ state: 'detached' });
      // A cut filler, the framing, a phrase's text and a style value.
      const kept = fillers(clip).find((f) => !clip.gaps.some((g) => g.id === f.id));
      if (!kept) throw new Error('no kept filler to cut');
      await page
        .getByTestId('filler-list')
        .getByRole('button', { name: /^Remove the filler at / })
        .first()
        .click();
      await framingButton(page, 'Split').click();
      await step(page, 'Subtitles').click();
      await phraseText(page).fill(EDITED_TEXT);
      await page.getByRole('button', { name: 'Italic' }).click();
      const changed = Date.now();
      await waitForSaved(page);
      console.log(`draft saved ${Date.now() - changed} ms after the last change`);
      await waitForSaved(page);
      await step(page, 'Speech Gaps').click();

      // The screen's Back, once saved, asks nothing; the browser's Back brings the draft back.
      await page
        .getByRole('toolbar', { name: 'Clip actions' })
        .getByRole('button', { name: 'Back' })
        .click();
      await page.waitForURL(`**/manage/automation/${jobId}`);
      await page.getByTestId('clip-card').first().waitFor();
      expect(await leaveDialog(page).count()).toBe(0);
      await page.goBack();
      await page.getByText('Draft restored').waitFor();
      await expectScreen(page, true);
      await page.screenshot({ path: path.join(SCREENS_DIR, 'clip-draft-restored-desktop.png') });
      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      const discard = page.getByRole('button', { name: 'Discard draft' });
      const button = await discard.boundingBox();
      expect(button && button.x + button.width).toBeLessThanOrEqual(PHONE.width);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENS_DIR, 'clip-draft-restored-phone.png') });
      await page.setViewportSize(DESKTOP);

      // A reload.
      await page.reload();
      await page.getByText('Draft restored').waitFor();
      await expectScreen(page, true);

      // A second browser, signed in as the same user.
      const second = await openBrowser(server.baseUrl);
      try {
        await second.context.addCookies(await session.context.cookies());
        await second.page.goto(clipUrl());
        await second.page.getByText('Draft restored').waitFor();
        await expectScreen(second.page, true);
      } finally {
        await second.close();
      }

      // A server restart (the same data folder, a new port).
      await server.stop();
      server = await startServer({ DATA_DIR: dataDir });
      await page.goto(`${server.baseUrl}${clipUrl()}`);
      await page.getByText('Draft restored').waitFor();
      await expectScreen(page, true);

      // Discard draft: the clip as loaded, here and after a reload.
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByText('Draft restored').waitFor({ state: 'detached' });
      await expectScreen(page, false);
      await page.reload();
      await page.getByTestId('speech-gaps-footer').waitFor();
      await expectScreen(page, false);
      expect(await page.getByText('Draft restored').count()).toBe(0);
    });
  });

  it('asks before leaving with a change not saved yet, and keeps the user on the page with it', async () => {
    await failWithContext('clip-drafts-ask', async () => {
      const { page, context } = session;
      await page.setViewportSize(DESKTOP);
      const base = server.baseUrl;
      await openFromJobPage(page);
      // NOTE: the draft's saves are held, as on a slow link, then fail, as offline, then pass.
      // One route throughout: adding a route lets held requests go on.
      let link: 'slow' | 'offline' | 'up' = 'slow';
      const held: Route[] = [];
      await page.route('**/draft', (route) => {
        if (route.request().method() === 'GET' || link === 'up') return route.continue();
        if (link === 'offline') return route.abort('internetdisconnected');
        held.push(route);
        return Promise.resolve();
      });
      await framingButton(page, 'Follow speaker').click();

      // The screen's Back asks; Keep editing stays, with the change.
      await page
        .getByRole('toolbar', { name: 'Clip actions' })
        .getByRole('button', { name: 'Back' })
        .click();
      await leaveDialog(page).waitFor();
      await page.screenshot({ path: path.join(SCREENS_DIR, 'clip-draft-leave-dialog.png') });
      await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await leaveDialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(clipUrl());
      expect(await framingButton(page, 'Follow speaker').getAttribute('aria-pressed')).toBe('true');

      // The browser's Back and the "Video edit" link ask the same.
      await page.evaluate(() => window.history.back());
      await leaveDialog(page).waitFor();
      await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await leaveDialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(clipUrl());
      await page.getByRole('link', { name: 'Video edit' }).click();
      await leaveDialog(page).waitFor();
      await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await leaveDialog(page).waitFor({ state: 'detached' });

      // Offline: the screen says the draft is not saved yet, and leaving says what is lost.
      link = 'offline';
      await Promise.all(held.splice(0).map((r) => r.abort('internetdisconnected')));
      await page.getByText(/^Draft not saved yet: .* Retrying…$/).waitFor();
      await page.screenshot({ path: path.join(SCREENS_DIR, 'clip-draft-not-saved.png') });
      await page
        .getByRole('toolbar', { name: 'Clip actions' })
        .getByRole('button', { name: 'Back' })
        .click();
      await leaveDialog(page)
        .getByText(/If you leave now, they are lost\./)
        .waitFor();
      await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await leaveDialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(clipUrl());

      // Back online, it is saved; then leaving asks nothing and the draft is kept.
      link = 'up';
      await page.getByRole('button', { name: 'Retry now' }).click();
      await waitForSaved(page);
      await page.getByRole('link', { name: 'Video edit' }).click();
      await page.waitForURL(`**/manage/automation/${jobId}`);
      await page.getByTestId('clip-card').first().waitFor();
      expect(await leaveDialog(page).count()).toBe(0);
      await page.goBack();
      await page.getByText('Draft restored').waitFor();
      expect(await framingButton(page, 'Follow speaker').getAttribute('aria-pressed')).toBe('true');

      // Closing the tab with a change not saved yet asks too (the browser's own question).
      const tab = await context.newPage();
      const asked: string[] = [];
      tab.on('dialog', (dialog) => {
        asked.push(dialog.type());
        void dialog.accept();
      });
      await tab.goto(`${base}${clipUrl()}`);
      await tab.getByText('Draft restored').waitFor();
      await tab.route('**/draft', (route) =>
        route.request().method() === 'GET' ? route.continue() : Promise.resolve(),
      );
      await framingButton(tab, 'Split').click();
      await tab.close({ runBeforeUnload: true });
      await expect.poll(() => asked).toEqual(['beforeunload']);
    });
  });
});
