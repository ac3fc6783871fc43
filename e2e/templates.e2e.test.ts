// The template editor in Chromium (no templates, one, many; portrait and landscape; desktop and
// 390 px), and the proof that the preview is the render: one style and text drawn by the server
// (example image, and a frame of a burned clip) and by the web app's jassub renderer, compared.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS, apiPaths } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { probeMedia, subtitleFontsDir } from '@roughcut/engine';
import { buildAss } from '@roughcut/engine/subtitles';
import { renderShortClip, runFfmpeg } from '@roughcut/engine/work';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PHRASE } from '../apps/server/src/engine-adapter/engine.adapter.ts';
import { SCREENS_DIR, withBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import {
  boxDistance,
  decodeRgb,
  meanDifference,
  textBox,
  unionBox,
} from './support/image-compare.ts';
import type { RgbImage } from './support/image-compare.ts';
import { browserFrame } from './support/caption-frames.ts';
import { buildHarness, serveHarness } from './support/jassub-harness.ts';
import type { ServedHarness } from './support/jassub-harness.ts';
import { signUp } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

let server: RunningServer;
let harness: ServedHarness;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-templates-e2e-'));
  const harnessDir = path.join(workDir, 'harness');
  [server] = await Promise.all([startServer(), buildHarness(harnessDir)]);
  harness = await serveHarness(harnessDir, server.baseUrl);
});

afterAll(async () => {
  await harness?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Waits for the example image of the given size to be shown, with no spinner over it. */
async function exampleShown(page: Page, width: number, height: number) {
  await page.waitForFunction(
    ([w, h]) => {
      const preview = document.querySelector('[data-testid="example-preview"]');
      const img = preview?.querySelector('img');
      return (
        preview?.getAttribute('aria-busy') === 'false' &&
        img?.complete === true &&
        img.naturalWidth === w &&
        img.naturalHeight === h
      );
    },
    [width, height],
    { timeout: 60_000 },
  );
}

/** Desktop and 390 px wide screenshots of the page as it is now. */
async function shoot(session: BrowserSession, name: string) {
  await session.screenshot(`${name}-desktop`);
  await session.page.setViewportSize({ width: 390, height: 844 });
  await session.page.waitForTimeout(300);
  await session.screenshot(`${name}-390`);
  await session.page.setViewportSize({ width: 1280, height: 800 });
}

describe('the subtitle template editor', () => {
  it('works for a new user with no templates, one and many', async () => {
    await withBrowser(server, 'templates', async (session) => {
      const { page, nextDialog } = session;
      await signUp(page, 'tpl');
      await page.goto('/templates');

      // First load without templates: the name box, Create, no Save nor Toggle Edit.
      const nameBox = page.getByRole('textbox', { name: 'Template' });
      await nameBox.waitFor();
      expect(await nameBox.getAttribute('placeholder')).toBe('Enter name');
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Toggle Edit' }).count()).toBe(0);
      await exampleShown(page, 1080, 1920);
      await shoot(session, 'templates-none');

      expect(await nextDialog(() => page.getByRole('button', { name: 'Create' }).click())).toBe(
        'Please enter a template name first.',
      );
      await page.getByRole('combobox', { name: 'Font' }).click();
      await page.getByRole('option', { name: 'Georgia' }).click();
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.getByRole('combobox', { name: 'Alignment' }).click();
      await page.getByRole('option', { name: 'Top Center' }).click();
      await page.getByRole('slider', { name: 'Top Padding' }).waitFor();
      expect(await page.getByRole('slider', { name: 'Bottom Padding' }).count()).toBe(0);
      await nameBox.fill('Georgia top');
      await page.getByRole('button', { name: 'Create' }).click();
      const selector = page.getByRole('combobox', { name: 'Template' });
      await selector.getByText('Georgia top').waitFor();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await exampleShown(page, 1080, 1920);
      await shoot(session, 'templates-one');

      await page.getByRole('button', { name: 'Landscape' }).click();
      await exampleShown(page, 1920, 1080);
      await shoot(session, 'templates-one-landscape');
      await page.getByRole('button', { name: 'Portrait' }).click();
      await exampleShown(page, 1080, 1920);

      // Many: Create New Template saves the current style under the next free name.
      for (const name of ['Template 2', 'Template 3', 'Template 4']) {
        await page.getByRole('button', { name: 'Template menu' }).click();
        await page.getByRole('menuitem', { name: 'Create New Template' }).click();
        await selector.getByText(name).waitFor();
      }
      await page.getByRole('button', { name: 'Edit name' }).click();
      await page.getByRole('textbox', { name: 'Template' }).fill('Big and yellow');
      await page.getByLabel('Primary Color', { exact: true }).fill('#FFD700');
      await page.getByLabel('Size value').fill('32');
      await page.getByRole('button', { name: 'Save' }).click();
      await selector.getByText('Big and yellow').waitFor();
      await exampleShown(page, 1080, 1920);
      await selector.click();
      expect(await page.getByRole('option').allTextContents()).toEqual([
        '--',
        'Georgia top',
        'Template 2',
        'Template 3',
        'Big and yellow',
      ]);
      await page.keyboard.press('Escape');
      await shoot(session, 'templates-many');
      await page.getByRole('button', { name: 'Landscape' }).click();
      await exampleShown(page, 1920, 1080);
      await shoot(session, 'templates-many-landscape');

      // The blank option resets to the defaults; Delete then asks for a selection.
      await selector.click();
      await page.getByRole('option', { name: '--' }).click();
      expect(await page.getByLabel('Size value').inputValue()).toBe(
        String(DEFAULT_DRAW_SETTINGS.size),
      );
      await page.getByRole('button', { name: 'Template menu' }).click();
      expect(await nextDialog(() => page.getByRole('menuitem', { name: 'Delete' }).click())).toBe(
        'Please select a template to delete first.',
      );
      await selector.click();
      await page.getByRole('option', { name: 'Template 3' }).click();
      await page.getByRole('button', { name: 'Template menu' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await selector.getByText('--').waitFor();
      await selector.click();
      expect(await page.getByRole('option').allTextContents()).not.toContain('Template 3');
      await page.keyboard.press('Escape');

      // Saved templates are offered by the create panel's Select Style.
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL('**/edits');
      const panel = page.getByRole('dialog', { name: 'Create a video edit' });
      await panel.getByLabel('Short Form Clip').waitFor();
      await panel.getByLabel('Short Form Clip').check();
      await panel.getByLabel('Select Style').click();
      expect(await page.getByRole('option').allTextContents()).toEqual([
        'The Bold Font',
        'Georgia top',
        'Template 2',
        'Big and yellow',
      ]);
    });
  });
});

// One style with a non-default font, bold, outline, shadow and a top alignment.
const STYLE: DrawSettings = {
  ...DEFAULT_DRAW_SETTINGS,
  font_name: 'Georgia',
  size: 24,
  bold: true,
  outline: 3,
  shadow: 2,
  alignment: 8,
  margin_vertical: 40,
  primary_color_red: 255,
  primary_color_green: 215,
  primary_color_blue: 0,
  outline_color_red: 200,
  outline_color_green: 20,
  outline_color_blue: 40,
  shadow_color_red: 40,
  shadow_color_green: 90,
  shadow_color_blue: 255,
};
const W = 1080;
const H = 1920;

/** The server's burn-in: a black 2 s clip rendered by the engine with the server's fonts. */
async function burnedFrame(dir: string): Promise<string> {
  const source = path.join(dir, 'black.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `color=c=black:s=${W}x${H}:r=25:d=2`],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  const out = path.join(dir, 'burned.mp4');
  await renderShortClip(source, {
    outPath: out,
    keep: [{ start: 0, end: 2 }],
    probe: await probeMedia(source),
    subtitles: { segments: [{ start: 0, end: 2, phrase: EXAMPLE_PHRASE }], settings: STYLE },
    fontsDir: await subtitleFontsDir(),
  });
  const frame = path.join(dir, 'burned.png');
  await runFfmpeg(['-ss', '1', '-i', out, '-frames:v', '1', frame]);
  return frame;
}

describe('the preview is the render', () => {
  it('draws the same subtitle in the browser, the example image and the burned clip', async () => {
    await withBrowser(server, 'preview-render', async ({ page }) => {
      await signUp(page, 'px');
      const example = await page.request.post(
        apiPaths.drawExample({ width: W, height: H, r: 0, g: 0, b: 0 }),
        { data: STYLE, headers: { origin: server.baseUrl } },
      );
      expect(example.status()).toBe(200);
      const serverPng = await example.body();

      await page.setViewportSize({ width: W, height: H });
      const ass = buildAss([{ start: 0, end: 5, phrase: EXAMPLE_PHRASE }], STYLE);
      const browserPng = await browserFrame(page, harness.baseUrl, {
        ass,
        font: STYLE.font_name,
        width: W,
        height: H,
        time: 1,
      });

      const burned = await burnedFrame(workDir);
      const images: Record<string, RgbImage> = {
        example: await decodeRgb(serverPng, W, H),
        browser: await decodeRgb(browserPng, W, H),
        burned: await decodeRgb(burned, W, H),
      };
      await writeFile(path.join(SCREENS_DIR, 'preview-render-browser.png'), browserPng);
      await writeFile(path.join(SCREENS_DIR, 'preview-render-example.png'), serverPng);

      const boxes = Object.fromEntries(
        Object.entries(images).map(([key, image]) => [key, textBox(image)]),
      );
      const figures: string[] = [];
      for (const [a, b] of [
        ['browser', 'example'],
        ['browser', 'burned'],
        ['example', 'burned'],
      ] as const) {
        const [boxA, boxB] = [boxes[a], boxes[b]];
        if (!boxA || !boxB) throw new Error('no text found');
        const near = unionBox(boxA, boxB);
        const figure = {
          pair: `${a}/${b}`,
          boxDistancePx: boxDistance(boxA, boxB),
          meanDiffImage: meanDifference(images[a] as RgbImage, images[b] as RgbImage),
          meanDiffText: meanDifference(images[a] as RgbImage, images[b] as RgbImage, near),
        };
        figures.push(JSON.stringify(figure));
        expect(figure.boxDistancePx, figure.pair).toBeLessThanOrEqual(3);
        expect(figure.meanDiffImage, figure.pair).toBeLessThan(1);
        expect(figure.meanDiffText, figure.pair).toBeLessThan(8);
      }
      console.log(`preview vs render: ${JSON.stringify(boxes)}\n${figures.join('\n')}`);
      // The text is where alignment 8 puts it: top centre, 40 units of 288 from the top.
      const box = boxes.example;
      expect(box?.top).toBeGreaterThan(H * (40 / 288) * 0.6);
      expect(box?.bottom).toBeLessThan(H / 2);
      expect(Math.abs(((box?.left ?? 0) + (box?.right ?? 0)) / 2 - W / 2)).toBeLessThan(W * 0.05);
    });
  });
});
