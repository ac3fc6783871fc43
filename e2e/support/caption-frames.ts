// The word-caption e2e's helpers: the web app's jassub renderer in Chromium (through the harness
// page), the box of a highlighted word's pixels, and the steps of the real-clip journey.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, clipResponseSchema } from '@roughcut/shared';
import type { Clip, FontName } from '@roughcut/shared';
import type { Locator, Page } from 'playwright-core';
import { decodeRgb, textBox } from './image-compare.ts';
import type { Box, RgbImage } from './image-compare.ts';

/** jassub in Chromium (the web app's own renderer) draws the script at `time`. */
export async function browserFrame(
  page: Page,
  harnessUrl: string,
  request: { ass: string; font: FontName; width: number; height: number; time: number },
): Promise<Buffer> {
  const { width: W, height: H } = request;
  await page.goto(`${harnessUrl}/harness/index.html`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.evaluate(
    (request) =>
      (window as unknown as { drawSubtitles: (r: typeof request) => Promise<void> }).drawSubtitles(
        request,
      ),
    request,
  );
  // NOTE: jassub paints in its worker a moment after manualRender settles: poll until the canvas
  // shows text and stays the same.
  const deadline = Date.now() + 60_000;
  let last: Buffer | undefined;
  while (Date.now() < deadline) {
    const shot = await page.locator('#subtitles').screenshot();
    if (last?.equals(shot) && textBox(await decodeRgb(shot, W, H)).pixels > 0) return shot;
    last = shot;
    await page.waitForTimeout(250);
  }
  throw new Error('The browser never drew the subtitle');
}

/** The box of the pixels in the test's highlight green (0, 230, 120), told from yellow text. */
export function litBox(image: RgbImage): Box {
  let [left, top, right, bottom, pixels] = [image.width, image.height, -1, -1, 0];
  for (let i = 0; i < image.width * image.height; i += 1) {
    const [r, g, b] = [
      image.data[i * 3] ?? 0,
      image.data[i * 3 + 1] ?? 0,
      image.data[i * 3 + 2] ?? 0,
    ];
    if (!(g > 150 && r < 90 && b > 60 && b < 190)) continue;
    const [x, y] = [i % image.width, Math.floor(i / image.width)];
    pixels += 1;
    [left, right] = [Math.min(left, x), Math.max(right, x)];
    [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
  }
  return { left, top, right, bottom, pixels };
}

export const step = (page: Page, name: 'Speech Gaps' | 'Subtitles') =>
  page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });

/** Plays from where the player is until a video reaches `sourceS`, then pauses. */
export async function playUntil(page: Page, scope: Locator, sourceS: number) {
  await scope.getByRole('button', { name: 'Play', exact: true }).click();
  // NOTE: paused from the page within a frame of the time (a click on Pause lands up to a second
  // later on a busy machine); the player follows its video's pause event.
  await page.waitForFunction(
    (at) => {
      const playing = Array.from(document.querySelectorAll('video')).find(
        (v) => !v.paused && v.currentTime >= at,
      );
      playing?.pause();
      return playing !== undefined;
    },
    sourceS,
    { timeout: 60_000, polling: 'raf' },
  );
  await scope.getByRole('button', { name: 'Play', exact: true }).waitFor();
  // NOTE: jassub draws in its worker a moment after the pause.
  await page.waitForTimeout(500);
}

/** A word in the middle of a phrase of the clip: the word to catch lit. */
export function middleWord(clip: Clip) {
  // NOTE: the second word of a long phrase: a word with words on both sides.
  for (const segment of clip.segments) {
    const words = segment.words ?? [];
    const word = words[1];
    if (words.length >= 4 && word) return { segment, word };
  }
  throw new Error(`no phrase of four words in ${clip.title}`);
}

/** Every file below `dir` (the server's data folder). */
export async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Confirm All and Submit Confirm on the clip screen, back on the job page; the clip as stored. */
export async function confirmClipScreen(
  page: Page,
  ids: { jobId: string; instanceId: string; clipId: string },
): Promise<Clip> {
  await page.getByRole('button', { name: 'Confirm All' }).click();
  await page.getByTestId('subtitles-confirmed').waitFor();
  await page.getByRole('button', { name: 'Submit Confirm' }).click();
  await page.waitForURL(`**/manage/automation/${ids.jobId}`);
  return clipResponseSchema.parse(
    await (await page.request.get(apiPaths.clip(ids.jobId, ids.instanceId, ids.clipId))).json(),
  );
}
