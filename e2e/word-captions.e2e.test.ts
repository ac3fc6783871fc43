// Word-by-word captions, preview against render: the web app's jassub draws a highlighted word
// mid-phrase (and a word in pop mode) exactly as the server's libass burns it; then a real clip
// is styled on the clip screen, confirmed and rendered, and the clip screen, the clip card and a
// frame of the rendered short are kept for looking at.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  assetListResponseSchema,
  clipKeptSpans,
  templateListResponseSchema,
} from '@roughcut/shared';
import type { Clip, DrawSettings } from '@roughcut/shared';
import { probeMedia, subtitleFontsDir } from '@roughcut/engine';
import { buildAss, remapSegments } from '@roughcut/engine/subtitles';
import { renderShortClip, runFfmpeg } from '@roughcut/engine/work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, withBrowser } from './support/browser.ts';
import {
  boxDistance,
  decodeRgb,
  meanDifference,
  textBox,
  unionBox,
} from './support/image-compare.ts';
import type { RgbImage } from './support/image-compare.ts';
import {
  browserFrame,
  confirmClipScreen,
  filesBelow,
  litBox,
  middleWord,
  playUntil,
  step,
} from './support/caption-frames.ts';
import { buildHarness, serveHarness } from './support/jassub-harness.ts';
import type { ServedHarness } from './support/jassub-harness.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { makeTalkingVideo } from './support/talking-video.ts';
import type { TalkingVideo } from './support/talking-video.ts';

let server: RunningServer;
let harness: ServedHarness;
let workDir: string;
let video: TalkingVideo;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-word-captions-e2e-'));
  await mkdir(SCREENS_DIR, { recursive: true });
  const harnessDir = path.join(workDir, 'harness');
  [server, , video] = await Promise.all([
    startServer(),
    buildHarness(harnessDir),
    makeTalkingVideo(path.join(workDir, 'media')),
  ]);
  harness = await serveHarness(harnessDir, server.baseUrl);
});

afterAll(async () => {
  await harness?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const W = 1080;
const H = 1920;

// Yellow text, a green highlight: a lit pixel is told from the rest by its colour alone.
const STYLE: DrawSettings = {
  ...DEFAULT_DRAW_SETTINGS,
  font_name: 'Georgia',
  // NOTE: small enough that the phrase stays on one line of the 9:16 frame.
  size: 15,
  bold: true,
  outline: 2,
  shadow: 1,
  primary_color_red: 255,
  primary_color_green: 215,
  primary_color_blue: 0,
  outline_color_red: 20,
  outline_color_green: 20,
  outline_color_blue: 20,
  shadow_color_red: 0,
  shadow_color_green: 0,
  shadow_color_blue: 0,
  word_highlight: true,
  highlight_color_red: 0,
  highlight_color_green: 230,
  highlight_color_blue: 120,
};

// At 1 s the third word ("lights") is spoken: a highlighted word mid-phrase.
const PHRASE = {
  start: 0,
  end: 2,
  phrase: 'Every word lights up now',
  words: [
    { text: 'Every', start: 0, end: 0.35 },
    { text: 'word', start: 0.4, end: 0.75 },
    { text: 'lights', start: 0.8, end: 1.3 },
    { text: 'up', start: 1.4, end: 1.6 },
    { text: 'now', start: 1.65, end: 1.95 },
  ],
};
const AT_S = 1;

/** The server's burn-in of the phrase: a black 2 s short rendered by the engine, frame at 1 s. */
async function burnedFrame(settings: DrawSettings, name: string): Promise<string> {
  const source = path.join(workDir, 'black.mp4');
  await runFfmpeg([
    ...['-y', '-f', 'lavfi', '-i', `color=c=black:s=${W}x${H}:r=25:d=2`],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  const out = path.join(workDir, `${name}.mp4`);
  await renderShortClip(source, {
    outPath: out,
    keep: [{ start: 0, end: 2 }],
    probe: await probeMedia(source),
    subtitles: { segments: [PHRASE], settings },
    fontsDir: await subtitleFontsDir(),
  });
  const frame = path.join(workDir, `${name}.png`);
  await runFfmpeg(['-y', '-ss', String(AT_S), '-i', out, '-frames:v', '1', frame]);
  return frame;
}

/** The browser's drawing equals the burned frame: text box, whole image and text area. */
function expectSame(browser: RgbImage, burned: RgbImage, pair: string) {
  const [a, b] = [textBox(browser), textBox(burned)];
  const figure = {
    pair,
    boxDistancePx: boxDistance(a, b),
    litDistancePx: boxDistance(litBox(browser), litBox(burned)),
    meanDiffImage: meanDifference(browser, burned),
    meanDiffText: meanDifference(browser, burned, unionBox(a, b)),
  };
  console.log(`preview vs render: ${JSON.stringify(figure)}`);
  expect(figure.boxDistancePx, pair).toBeLessThanOrEqual(3);
  expect(figure.litDistancePx, pair).toBeLessThanOrEqual(3);
  expect(figure.meanDiffImage, pair).toBeLessThan(1);
  expect(figure.meanDiffText, pair).toBeLessThan(8);
}

describe('word-by-word captions: the preview is the render', () => {
  it('draws a highlighted word mid-phrase, and a popped word, alike in jassub and libass', async () => {
    await withBrowser(server, 'word-captions-pixels', async ({ page }) => {
      await page.setViewportSize({ width: W, height: H });
      for (const [name, settings] of [
        ['highlight', STYLE],
        ['pop', { ...STYLE, one_word_at_a_time: true }],
      ] as const) {
        const browserPng = await browserFrame(page, harness.baseUrl, {
          ass: buildAss([PHRASE], settings),
          font: STYLE.font_name,
          width: W,
          height: H,
          time: AT_S,
        });
        const burnedPng = await burnedFrame(settings, `burned-${name}`);
        await writeFile(path.join(SCREENS_DIR, `word-captions-${name}-browser.png`), browserPng);
        await writeFile(
          path.join(SCREENS_DIR, `word-captions-${name}-burned.png`),
          await readFile(burnedPng),
        );
        const browser = await decodeRgb(browserPng, W, H);
        const burned = await decodeRgb(burnedPng, W, H);
        expectSame(browser, burned, name);

        // The lit word is "lights": inside the line, not its first nor last word.
        const [line, lit] = [textBox(burned), litBox(burned)];
        expect(lit.pixels).toBeGreaterThan(500);
        if (name === 'highlight') {
          expect(lit.left).toBeGreaterThan(line.left + (line.right - line.left) * 0.2);
          expect(lit.right).toBeLessThan(line.right - (line.right - line.left) * 0.2);
        } else {
          // Pop mode: the word alone, all of it lit.
          expect(lit.left - line.left).toBeLessThanOrEqual(6);
          expect(line.right - lit.right).toBeLessThanOrEqual(6);
        }
      }
    });
  });
});

describe('word-by-word captions on a real clip', () => {
  it('are chosen on the clip screen, shown by the clip card and burned into the short', async () => {
    await withBrowser(server, 'word-captions-journey', async ({ page, screenshot }) => {
      await signUp(page, 'words');
      const jobId = await startEdit(page, 'Word captions', video.file);

      // While it runs: a template saved with the word-by-word styles, its example showing them.
      await page.goto('/templates');
      await page.getByRole('switch', { name: 'Highlight the spoken word' }).check();
      await page.getByRole('switch', { name: 'All caps' }).check();
      await page.getByRole('textbox', { name: 'Template' }).fill('Word by word');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await page.waitForFunction(() => {
        const preview = document.querySelector('[data-testid="example-preview"]');
        const img = preview?.querySelector('img');
        return preview?.getAttribute('aria-busy') === 'false' && img?.complete === true;
      });
      await screenshot('word-captions-template-editor');
      const [saved] = templateListResponseSchema.parse(
        await (await page.request.get(apiPaths.templates())).json(),
      );
      expect(saved).toMatchObject({
        word_highlight: true,
        upper_case: true,
        one_word_at_a_time: false,
      });

      const job = await waitForJob(page, jobId, ['awaiting-confirmation'], 600_000);
      const instanceId = job.job_instance?.id ?? '';
      const clips = (await (
        await page.request.get(apiPaths.instanceClips(jobId, instanceId))
      ).json()) as Clip[];
      const clip = clips.find(
        (c) => !c.is_long_form && c.segments.some((s) => (s.words ?? []).length >= 4),
      );
      if (!clip) throw new Error('no short clip with a phrase of four words');
      const { segment, word } = middleWord(clip);

      // The clip screen: Subtitles, highlight on, stopped on a word mid-phrase.
      await page.goto(`/manage/automation/${jobId}/clip/${clip.id}`);
      await page.getByTestId('gap-player-frame').first().waitFor();
      await page.getByText('Loading video').waitFor({ state: 'detached', timeout: 60_000 });
      await step(page, 'Subtitles').click();
      await page.getByTestId('subtitle-canvas').waitFor({ state: 'attached' });
      await page.getByRole('switch', { name: 'Highlight the spoken word' }).check();
      await playUntil(page, page.locator('body'), (word.start + word.end) / 2);
      await screenshot('word-captions-clip-screen');
      await page
        .getByTestId('gap-player-frame')
        .first()
        .screenshot({ path: path.join(SCREENS_DIR, 'word-captions-clip-screen-preview.png') });

      // Confirmed with the style: the job page's card draws the lit word too.
      const confirmed = await confirmClipScreen(page, { jobId, instanceId, clipId: clip.id });
      expect(confirmed.draw_settings.word_highlight).toBe(true);
      const card = page
        .getByTestId('clip-card')
        .and(page.getByLabel(clip.title, { exact: true }))
        .first();
      // NOTE: a viewport taller than the card, which is centred clear of the sticky top bar.
      await page.setViewportSize({ width: 1280, height: 1200 });
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await card.locator('video').first().waitFor({ state: 'attached' });
      await playUntil(page, card, (word.start + word.end) / 2);
      await card.screenshot({ path: path.join(SCREENS_DIR, 'word-captions-clip-card.png') });

      // Rendered: the burned script lights each word, and a frame mid-word is kept.
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForJob(page, jobId, ['finished'], 600_000);
      const assets = assetListResponseSchema
        .parse(await (await page.request.get(apiPaths.autojobAssets(jobId))).json())
        .assets.filter((a) => a.asset_type === 'edited_video' && a.clip_id === clip.id);
      const files = await filesBelow(server.dataDir);
      const assetId = assets[0]?.id ?? '';
      const output = files.find((f) => f.includes(assetId) && f.endsWith('.mp4'));
      const script = files.find((f) => f.includes(assetId) && f.endsWith('.ass'));
      if (!output || !script) throw new Error(`no output for ${assetId}`);
      const lit = (await readFile(script, 'utf8'))
        .split('\n')
        .filter((line) => line.startsWith('Dialogue:') && line.includes('\\1c&H00D6FF&'));
      expect(lit.length).toBeGreaterThanOrEqual(confirmed.segments.length);
      const kept = clipKeptSpans({ start: confirmed.start, end: confirmed.end }, confirmed.gaps);
      const index = (segment.words ?? []).indexOf(word);
      const mapped = remapSegments(confirmed.segments, kept).find(
        (s) => s.phrase === segment.phrase && s.words?.[index],
      )?.words?.[index];
      if (!mapped) throw new Error(`the word ${word.text} is not in the render`);
      const at = (mapped.start + mapped.end) / 2;
      await runFfmpeg([
        ...['-y', '-ss', at.toFixed(3), '-i', output, '-frames:v', '1'],
        path.join(SCREENS_DIR, 'word-captions-rendered-frame.png'),
      ]);
      console.log(`rendered frame at ${at.toFixed(3)} s, the word "${word.text}" lit`);
    });
  });
});
