// The drawing halves of the word-caption pixel test: the web app's jassub renderer in Chromium
// (through the harness page) and the box of a highlighted word's pixels.
import type { FontName } from '@roughcut/shared';
import type { Page } from 'playwright-core';
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
