import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@roughcut/shared';
import { readFcpxml, readLength, readOtio } from '@roughcut/engine/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';

// Exports from the browser: a clip card's menu during review, then, once the edit is finished, the
// job page's Export menu beside the rendered videos; each download is saved by the browser and
// read back. The folder typed in the menu ("Where the video is on your computer") links the video
// absolutely and is there again in the next menu. Screenshots: .tmp/screens/exports-*.png (the
// menu with the folder at 1440x900 and on a 390x844 phone).

let server: RunningServer;
let workDir: string;
let session: BrowserSession;
let jobId = '';
let upload = '';

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-exports-e2e-'));
  const [running, video] = await Promise.all([
    startServer(),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
  server = running;
  upload = video.file;
  session = await openBrowser(server.baseUrl);
  await signUp(session.page, 'exports');
  jobId = await startEdit(session.page, 'Export journey', upload);
  await waitForJob(session.page, jobId, ['awaiting-confirmation'], 600_000);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const MEDIA_FOLDER_LABEL = 'Where the video is on your computer';
const WITH_VIDEO_LABEL = 'With the source video';
const FOLDER = '/Users/me/Videos';

/** NOTE: the menu fades in; a picture is taken once it is fully shown. */
async function menuShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .querySelector('[role="menu"]')
        ?.closest('.MuiPaper-root')
        ?.computedStyleMap()
        .get('opacity')
        ?.toString() === '1',
  );
}

/** Picks `item` in the menu of `button` and returns the saved file's name and text. */
async function exportVia(page: Page, button: string, item: RegExp | string) {
  await page.getByRole('button', { name: button }).first().click();
  const saving = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const download = await saving;
  const file = path.join(workDir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

describe('exports from the browser', () => {
  it('downloads a clip’s timeline from its card while the clips are reviewed', async () => {
    const { page } = session;
    await page.goto(`/manage/automation/${jobId}`);
    const card = page.getByTestId('clip-card').filter({ hasText: 'Optimised long form' });
    await card.getByRole('button', { name: /^Export / }).click();
    await session.screenshot('exports-clip-card-menu');
    const folder = page.getByLabel(MEDIA_FOLDER_LABEL);
    await folder.fill('Videos');
    await page.getByText(/Give the full path of the folder/).waitFor();
    await folder.fill(FOLDER);
    await page.getByText(/Editors then find it without relinking/).waitFor();
    // NOTE: the menu is opened again at each size, so it is placed as it is there.
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width, height });
      await card.getByRole('button', { name: /^Export / }).click();
      await menuShown(page);
      expect(await page.getByLabel(MEDIA_FOLDER_LABEL).inputValue()).toBe(FOLDER);
      if (width !== 1280) await session.screenshot(`exports-menu-folder-${width}x${height}`);
    }
    const saving = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /OpenTimelineIO/ }).click();
    const download = await saving;
    const file = path.join(workDir, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^Export journey - .*\(long form\)\.otio$/);
    const timeline = readOtio(await readFile(file, 'utf8'));
    expect(timeline.media).toContain(`file://${FOLDER}/${encodeURI(path.basename(upload))}`);
    expect(readLength(timeline.video)).toBeGreaterThan(0);
  });

  it('downloads the finished edit’s timeline and transcript from the job page', async () => {
    const { page } = session;
    const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 10_000);
    const instanceId = job.job_instance?.id ?? '';
    expect((await page.request.post(apiPaths.instanceClipsConfirm(jobId, instanceId))).ok()).toBe(
      true,
    );
    expect((await page.request.post(apiPaths.instanceConfirm(jobId, instanceId))).ok()).toBe(true);
    await waitForJob(page, jobId, ['finished'], 600_000);
    await page.goto(`/manage/automation/${jobId}`);
    await page.getByRole('button', { name: 'Export the edit' }).click();
    await page.getByRole('menuitem', { name: /Final Cut Pro/ }).waitFor();
    await menuShown(page);
    await session.screenshot('exports-job-page-menu');
    // The folder typed in the clip card's menu is remembered for this one.
    expect(await page.getByLabel(MEDIA_FOLDER_LABEL).inputValue()).toBe(FOLDER);
    await page.keyboard.press('Escape');
    const fcpxml = await exportVia(page, 'Export the edit', /Final Cut Pro/);
    expect(fcpxml.name).toMatch(/\.fcpxml$/);
    const timeline = readFcpxml(fcpxml.text);
    expect(timeline.captions.length).toBeGreaterThan(0);
    expect(timeline.media[0]).toMatch(/^file:\/\/\/Users\/me\/Videos\//);
    const kdenlive = await exportVia(page, 'Export the edit', 'Kdenlive project (.kdenlive)');
    expect(kdenlive.name).toMatch(/\(long form\)\.kdenlive$/);
    expect(kdenlive.text).toContain(`<property name="resource">${FOLDER}/`);
    const srt = await exportVia(page, 'Export the edit', 'Subtitles (.srt)');
    expect(srt.text).toMatch(/^1\n00:00:0\d,\d{3} --> /);
    expect(srt.text.toLowerCase()).toContain('rough cuts');

    // "With the source video": the timeline and the upload side by side in one zip.
    await page.getByRole('button', { name: 'Export the edit' }).click();
    await menuShown(page);
    await page.getByLabel(WITH_VIDEO_LABEL).check();
    await page.getByLabel(MEDIA_FOLDER_LABEL).fill('');
    await session.screenshot('exports-with-video-menu');
    const saving = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Shotcut/ }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(/\(long form\) with video\.zip$/);
    const zip = path.join(workDir, 'with-video.zip');
    await download.saveAs(zip);
    const listed = JSON.parse(
      execFileSync('python3', ['-c', PY_LIST, zip], { encoding: 'utf8' }),
    ) as { bad: string | null; entries: [string, number][] };
    expect(listed.bad).toBeNull();
    expect(listed.entries.map(([name]) => name)).toEqual([
      expect.stringMatching(/\(long form\)\.mlt$/),
      path.basename(upload),
    ]);
    expect(listed.entries[1]![1]).toBe((await stat(upload)).size);
  });
});

/** Each entry's name and size, once Python's zipfile has checked every CRC. */
const PY_LIST = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({"bad": z.testzip(), "entries": [[i.filename, i.file_size] for i in z.infolist()]}))
`;
