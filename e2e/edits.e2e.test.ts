import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  assetListResponseSchema,
  autoJobListResponseSchema,
  clipListResponseSchema,
} from '@roughcut/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';
import type { TalkingVideo } from './support/talking-video.ts';

let server: RunningServer;
let workDir: string;
let video: TalkingVideo;

const POLL = { timeout: 20_000, interval: 100 };

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-edits-e2e-'));
  [server, video] = await Promise.all([
    startServer(),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
});

afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function withBrowser(run: (session: BrowserSession) => Promise<void>) {
  const session = await openBrowser(server.baseUrl);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot('edits-failure').catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}; dialogs: ${JSON.stringify(session.dialogs)}\n--- server log tail:\n${server.logs().slice(-4000)}`,
      { cause: error },
    );
  } finally {
    await session.close();
  }
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Create a video edit' });
const mp4 = (name: string) => ({ name, mimeType: 'video/mp4', buffer: Buffer.from('not really') });

describe('video edits list and create panel', () => {
  it('opens the panel on an empty list and checks every create rule', async () => {
    await withBrowser(async ({ page, nextDialog, screenshot }) => {
      await signUp(page, 'val');

      // No jobs: the create panel opens by itself, 800px wide.
      const create = panel(page);
      await create.getByText('Please upload a video to edit').waitFor();
      expect((await create.boundingBox())?.width).toBe(800);
      await create
        .getByText("Drag and drop .mp4 video file with talking, we'll handle the rest")
        .waitFor();
      const name = create.getByLabel('Name');
      expect(await name.inputValue()).toMatch(/^Untitled-Edit-[A-Za-z0-9]{8}$/);
      expect(await create.getByTestId('video-file-input').getAttribute('accept')).toBe('video/*');
      await screenshot('create-panel');

      const start = create.getByRole('button', { name: 'Start' });
      await name.fill('');
      expect(await nextDialog(() => start.click())).toBe('Please enter a name first');
      await name.fill('My first edit');
      expect(await nextDialog(() => start.click())).toBe('Please upload a video file first');

      const input = create.getByTestId('video-file-input');
      expect(await nextDialog(() => input.setInputFiles([mp4('a.mp4'), mp4('b.mp4')]))).toBe(
        'Please only upload one file',
      );
      // Drag and drop takes one file too.
      const drop = (names: string[]) =>
        create.getByTestId('drop-zone').evaluate((zone, files) => {
          const data = new DataTransfer();
          for (const name of files) data.items.add(new File(['x'], name, { type: 'video/mp4' }));
          zone.dispatchEvent(
            new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
          );
        }, names);
      expect(await nextDialog(() => drop(['a.mp4', 'b.mp4']))).toBe('Please only upload one file');
      await drop(['dropped.mp4']);
      await create.getByTestId('chosen-file').getByText('dropped.mp4').waitFor();
      await input.setInputFiles([
        { name: 'talk.mov', mimeType: 'video/quicktime', buffer: Buffer.from('x') },
      ]);
      await create.getByText('File does not end in .mp4. Only .mp4 files can be edited').waitFor();
      await input.setInputFiles([mp4('talk.mp4')]);
      await create.getByTestId('chosen-file').getByText('talk.mp4').waitFor();
      expect(await create.getByText('File does not end in .mp4').count()).toBe(0);

      await create.getByText('How would you like to edit your video?').waitFor();
      expect(await create.getByText('Configure how your video will edit').count()).toBe(0);
      expect(await nextDialog(() => start.click())).toBe(
        'Please select at least one option for how to edit your video first',
      );

      // Step 3 appears once an option is ticked; short form adds max words and style.
      await create.getByLabel('Optimised Long Form').check();
      await create.getByText('Configure how your video will edit').waitFor();
      await create.getByLabel('Select Language').waitFor();
      expect(await create.getByLabel('Max words per phrase').count()).toBe(0);
      await create.getByLabel('Short Form Clip').check();
      await create.getByLabel('Max words per phrase').waitFor();
      expect(await create.getByLabel('Max words per phrase').textContent()).toBe('5');
      expect(await create.getByLabel('Select Language').textContent()).toContain('English');
      await create.getByText('The Bold Font').waitFor();
      await create.getByRole('link', { name: 'Edit templates' }).waitFor();
      await create.getByLabel('Max words per phrase').click();
      expect(await page.getByRole('option').allTextContents()).toEqual(
        Array.from({ length: 10 }, (_, i) => String(i + 1)),
      );
      await page.getByRole('option', { name: '3' }).click();
      await screenshot('create-panel-configured');
      await create.getByRole('button', { name: 'Close', exact: true }).click();
      await create.waitFor({ state: 'detached' });

      // The empty list, with the unconfirmed e-mail notice.
      await page.getByRole('heading', { name: 'Video edits', exact: true }).waitFor();
      await page.getByText('Manage and view all of your video edits').waitFor();
      await page
        .getByText(
          'Your email is not yet confirmed. You can confirm your email by clicking the link sent to your email on sign-up.',
        )
        .waitFor();
      await page.getByText('No videos have been edited yet').waitFor();
      await page.getByText('Get started by editing a video').waitFor();
      await screenshot('edits-empty');
    });
  });

  it('needs a step before a job opens, and manages steps from the row menu', async () => {
    await withBrowser(async ({ page, nextDialog, screenshot }) => {
      await signUp(page, 'steps');
      await panel(page).getByRole('button', { name: 'Close', exact: true }).click();
      const created = await page.request.put(apiPaths.autojobCreate(), {
        data: { name: 'Stepless edit', steps: [] },
      });
      expect(created.ok()).toBe(true);
      await page.reload();
      const row = page.getByTestId('edit-row').filter({ hasText: 'Stepless edit' });
      await row.waitFor();
      expect(await row.textContent()).toContain('just now');
      expect(await nextDialog(() => row.getByText('Stepless edit').click())).toBe(
        'Please add at least one step first',
      );
      expect(page.url()).toMatch(/\/edits$/);

      // Row menu: no Delete Step without steps; Add Step needs a chosen card.
      await row.getByRole('button', { name: 'Actions for Stepless edit' }).click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Add Step',
        'Rename',
        'Delete',
      ]);
      await page.getByRole('menuitem', { name: 'Add Step' }).click();
      const addStep = page.getByRole('dialog', { name: 'Adding step for edit Stepless edit' });
      await addStep.waitFor();
      await addStep.getByRole('button', { name: 'Submit' }).click();
      await addStep.waitFor();
      await addStep.getByRole('radio', { name: /Short Form Clip/ }).click();
      await screenshot('add-step');
      await addStep.getByRole('button', { name: 'Submit' }).click();
      await addStep.waitFor({ state: 'detached' });
      await row.getByText('Short Form Clip').waitFor();

      // Rename with Enter.
      await row.getByRole('button', { name: 'Actions for Stepless edit' }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename edit' });
      await rename.getByLabel('Name').fill('Renamed edit');
      await rename.getByLabel('Name').press('Enter');
      const renamed = page.getByTestId('edit-row').filter({ hasText: 'Renamed edit' });
      await renamed.waitFor();

      // Delete Step is offered now; clicking outside closes the popup.
      await renamed.getByRole('button', { name: 'Actions for Renamed edit' }).click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Add Step',
        'Delete Step',
        'Rename',
        'Delete',
      ]);
      await page.getByRole('menuitem', { name: 'Delete Step' }).click();
      const deleteStep = page.getByRole('dialog', { name: /Deleting step from edit Renamed edit/ });
      await deleteStep.waitFor();
      await page.mouse.click(5, 5);
      await deleteStep.waitFor({ state: 'detached' });

      // Overview filters: a created job counts nowhere; a filter with no match shows its message.
      await page.getByTestId('overview-running').click();
      await page.getByText('No video edits found').waitFor();
      await page.getByLabel('Active filters').getByText('Running').waitFor();
      await screenshot('edits-filtered');
      await page.getByTestId('overview-running').click();
      await renamed.waitFor();

      // The row opens the job page now that it has a step.
      await renamed.getByText('Renamed edit').click();
      await page.waitForURL(/\/manage\/automation\/[^/]+$/);
      await page.getByText('Ready to start').waitFor();
      await page.getByRole('button', { name: 'Start' }).waitFor();
      await screenshot('job-created');
    });
  });
});

describe('the video edit journey', () => {
  it('uploads, reviews clips, confirms, continues and downloads the finished videos', async () => {
    await withBrowser(async ({ page, screenshot, dialogs }) => {
      await signUp(page, 'journey');
      const create = panel(page);
      await create.getByLabel('Name').fill('Journey edit');
      await create.getByTestId('video-file-input').setInputFiles(video.file);
      await create.getByLabel('Optimised Long Form').check();
      await create.getByLabel('Short Form Clip').check();
      await create.getByRole('button', { name: 'Start' }).click();
      await page.waitForURL(/\/manage\/automation\/[^/]+$/, { timeout: 120_000 });
      const jobId = page.url().split('/').at(-1) ?? '';
      expect(dialogs).toEqual([]);
      await screenshot('job-processing');

      const indicator = page.getByTestId('instance-indicator');
      await indicator.getByText('Awaiting confirmation...').waitFor({ timeout: 600_000 });
      await page
        .getByText(
          'Awaiting confirmation - Revise your clips, confirm the ones you want to keep, and continue to process the videos, ready for download.',
        )
        .waitFor();
      const cards = page.getByTestId('clip-card');
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(2);
      expect(await cards.getByText('Unconfirmed').count()).toBe(count);
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      expect(await page.getByRole('button', { name: 'Unconfirm All', exact: true }).count()).toBe(
        0,
      );

      // Clips are shown best first; short clips show "(x/10)".
      const scores = (await page.getByTestId('engagement-score').allTextContents()).map((s) =>
        Number(/\(([\d.]+)\/10\)/.exec(s)?.[1]),
      );
      expect(scores.length).toBeGreaterThan(0);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);

      // Portrait previews are 500px high in a 1080:1920 frame; play one and watch it move.
      const frames = page.getByTestId('clip-preview-frame');
      const box = await frames.last().boundingBox();
      expect(box?.height).toBe(500);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('video')).every((v) => v.readyState >= 2),
      );
      const shortCard = cards.filter({ has: page.getByTestId('engagement-score') }).first();
      expect(
        Math.round((await shortCard.getByTestId('clip-preview-frame').boundingBox())?.width ?? 0),
      ).toBe(281);
      await shortCard.getByRole('button', { name: 'Play' }).click();
      await shortCard.getByRole('button', { name: 'Pause' }).waitFor();
      await page.waitForTimeout(1500);
      await shortCard.getByTestId('subtitle-canvas').waitFor({ state: 'attached' });
      // The long form is rendered without subtitles (not confirmed with them on the clip screen),
      // so its preview draws none either.
      const longCard = cards.filter({ hasText: 'Optimised long form' }).first();
      await longCard.getByRole('button', { name: 'Play' }).waitFor();
      expect(await longCard.getByTestId('subtitle-canvas').count()).toBe(0);
      await screenshot('job-awaiting-confirmation');
      await shortCard.getByRole('button', { name: 'Pause' }).click();

      // Confirm one, then Confirm All; Unconfirm All appears.
      await shortCard.getByRole('button', { name: 'Confirm', exact: true }).click();
      await shortCard.getByText('Confirmed', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Unconfirm All', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Confirm All', exact: true }).click();
      await expect
        .poll(() => cards.getByText('Confirmed', { exact: true }).count(), POLL)
        .toBe(count);
      expect(await page.getByRole('button', { name: 'Confirm All', exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Continue' }).click();
      await indicator.getByText(/Processing\.\.\./).waitFor();

      await indicator.getByText('Finished.').waitFor({ timeout: 600_000 });
      await page.getByRole('button', { name: 'Download', exact: true }).waitFor();
      await page.getByTestId('finished-video').first().waitFor();
      await screenshot('job-finished');

      // Download every finished video and check it with the engine's probe.
      const { probeMedia } = (await import('@roughcut/engine')) as unknown as {
        probeMedia: (file: string) => Promise<{ durationS: number; width: number; height: number }>;
      };
      const assets = assetListResponseSchema
        .parse(await (await page.request.get(apiPaths.autojobAssets(jobId))).json())
        .assets.filter((a) => a.asset_type === 'edited_video');
      const jobs = autoJobListResponseSchema.parse(
        await (await page.request.get(apiPaths.autojobs())).json(),
      );
      const instanceId = jobs.find((j) => j.id === jobId)?.job_instance?.id ?? '';
      const clips = clipListResponseSchema.parse(
        await (await page.request.get(apiPaths.instanceClips(jobId, instanceId))).json(),
      );
      expect(assets.length).toBe(count);
      let longForms = 0;
      for (const asset of assets) {
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 120_000 }),
          page.getByRole('button', { name: `Download ${asset.name}` }).click(),
        ]);
        const saved = path.join(workDir, `${asset.id}-${download.suggestedFilename()}`);
        await download.saveAs(saved);
        const probe = await probeMedia(saved);
        const clip = clips.find((c) => c.id === asset.clip_id);
        if (clip?.is_long_form) {
          longForms += 1;
          // Five silences of 1.2 s were compressed away.
          expect(probe.durationS).toBeLessThan(video.durationS - 3);
          expect(probe.durationS).toBeGreaterThan(5);
        } else {
          expect({ width: probe.width, height: probe.height }).toEqual({
            width: 1080,
            height: 1920,
          });
        }
      }
      expect(longForms).toBe(1);

      // All at once: one zip; a second click while it runs says so.
      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        // Two clicks in one go: the second lands while the first download runs.
        page.getByRole('button', { name: 'Download', exact: true }).evaluate((button) => {
          (button as HTMLButtonElement).click();
          (button as HTMLButtonElement).click();
        }),
      ]);
      expect(zip.suggestedFilename()).toMatch(/\.zip$/);
      expect(dialogs).toContain('Your video is already downloading');
    });
  });
});
