// Timeline benchmark (issue 11): the standalone speech-gap timeline editor on a ONE-HOUR long-form
// clip (about 800 gaps, 7,400 words, a 10-per-second waveform) in Chromium: load time, frame
// times and renderer CPU while panning, zooming and dragging an edge, DOM nodes and JS heap.
//   node e2e/gap-timeline.bench.ts      (needs a web build: WEB_DIST, else apps/web/dist)
// The web app is real; only its API answers are generated here (validated by the shared zod
// schemas), since analysing an hour of video would dwarf what is measured.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip, Gap } from '@roughcut/shared';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './support/server.ts';
import {
  clipAwaitingConfirmation,
  clipScreenAnswers,
  routeApi,
} from './support/clip-screen-api.ts';
import { serveWeb } from './support/static-web.ts';

const HOUR_S = 3600;
const JOB = 'bench-job';
const INSTANCE = 'bench-instance';
const CLIP = 'bench-clip';
const IDS = { job: JOB, instance: INSTANCE, clip: CLIP };

/** A deterministic pseudo-random sequence, so every run measures the same clip. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function oneHourClip(): Clip {
  const next = random(11);
  const segments: Clip['segments'] = [];
  const gaps: Gap[] = [];
  let t = 0;
  while (t < HOUR_S - 10) {
    const gap = 0.35 + next() * 0.9;
    gaps.push({ id: `gap-${gaps.length}`, start: round2(t), end: round2(t + gap) });
    t += gap;
    const length = 1.5 + next() * 4.5;
    const words = [];
    for (let w = t; w < t + length - 0.2; w += 0.4) {
      words.push({ text: `word${words.length}`, start: w, end: w + 0.35, confidence: next() });
    }
    segments.push({ start: t, end: t + length, phrase: words.map((w) => w.text).join(' '), words });
    t += length;
  }
  return clipAwaitingConfirmation(IDS, {
    title: 'One-hour talk',
    description: '',
    engagement_score: 0,
    is_long_form: true,
    start: 0,
    end: HOUR_S,
    segments,
    draw_settings: DEFAULT_DRAW_SETTINGS,
    gaps,
    detected_gaps: gaps,
    subtitles_burned: false,
    edits: { cut: false, subtitles: false },
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function apiAnswers(clip: Clip): Record<string, unknown> {
  const next = random(5);
  return clipScreenAnswers(IDS, {
    user: { email: 'b@example.com', username: 'bench' },
    name: 'Bench',
    stepType: 'optimised-long-form',
    createdAt: Math.floor(Date.now() / 1000),
    clip,
    waveform: {
      start: 0,
      rate: 10,
      peaks: Array.from({ length: HOUR_S * 10 }, () => Math.round(next() * 100) / 100),
    },
  });
}

type FrameStats = { frames: number; p50: number; p95: number; max: number };

const IN_PAGE_FRAMES = `(async ({ steps, kind }) => {
  const timeline = document.querySelector('[data-testid=gap-timeline]');
  const box = timeline.getBoundingClientRect();
  const deltas = [];
  let last = performance.now();
  for (let i = 0; i < steps; i += 1) {
    const x = box.left + box.width * (0.3 + 0.4 * (i / steps));
    const y = box.top + box.height * 0.7;
    if (kind === 'pan') timeline.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    if (kind === 'zoom') timeline.dispatchEvent(new WheelEvent('wheel', { deltaY: i % 48 < 24 ? -100 : 100, ctrlKey: true, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    if (kind === 'drag') timeline.dispatchEvent(new PointerEvent('pointermove', { clientX: window.dragFrom + (i % 40) - 20, clientY: y, pointerId: 1, bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    deltas.push(now - last);
    last = now;
  }
  return deltas;
})`;

function stats(deltas: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { frames: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

export type TimelineBenchRow = { measure: string; value: string };

export async function benchTimeline(): Promise<TimelineBenchRow[]> {
  const root = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  await stat(path.join(root, 'index.html')).catch(() => {
    throw new Error(
      `No web build in ${root}: run "npm run build -w @roughcut/web" or set WEB_DIST.`,
    );
  });
  const clip = oneHourClip();
  const answers = apiAnswers(clip);
  const web = await serveWeb(root);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  const [load] = (await import('node:os')).loadavg();
  const rows: TimelineBenchRow[] = [
    { measure: 'machine load average (1 min)', value: (load ?? 0).toFixed(1) },
    {
      measure: 'clip',
      value: `${HOUR_S} s, ${clip.gaps.length} gaps, ${clip.segments.reduce((n, s) => n + (s.words?.length ?? 0), 0)} words`,
    },
  ];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await routeApi(page, answers);
    const started = Date.now();
    await page.goto(`${web.base}/manage/automation/${JOB}/clip/${CLIP}/timeline`);
    await page.getByTestId('timeline-description').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
      return canvas instanceof HTMLCanvasElement && canvas.width > 0;
    });
    rows.push({ measure: 'open to drawn timeline', value: `${Date.now() - started} ms` });
    // NOTE: renderer CPU time per frame as well as frame times: on a busy machine the frames
    // stretch with everyone's work, the CPU time only with ours.
    const cdp = await browser.newBrowserCDPSession();
    /** CPU seconds the renderer processes have used (not wall time, which a busy machine inflates). */
    const busy = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; cpuTime: number }[];
      };
      return processInfo
        .filter((p) => p.type === 'renderer')
        .reduce((sum, p) => sum + p.cpuTime, 0);
    };
    const frames = async (kind: string, steps: number) => {
      const before = await busy();
      const deltas: number[] = await page.evaluate(
        `${IN_PAGE_FRAMES}(${JSON.stringify({ kind, steps })})`,
      );
      return { ...stats(deltas), taskMs: ((await busy()) - before) * 1000 };
    };
    const show = (name: string, s: FrameStats & { taskMs: number }) =>
      rows.push({
        measure: name,
        value: `renderer CPU ${(s.taskMs / s.frames).toFixed(1)} ms a frame; frames p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.frames})`,
      });

    show('idle (nothing dispatched), for scale', await frames('idle', 96));
    show('zoom 1x-10x-1x, one tick a frame', await frames('zoom', 96));
    await page.getByTestId('gap-timeline').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('gap-timeline').boundingBox();
    if (!box) throw new Error('no timeline');
    // Zoomed to 10x at the very start, so the visible gaps sit where the clip says.
    await page.mouse.move(box.x + 1, box.y + 100);
    await page.keyboard.down('Control');
    for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    const zoomed = await page.getByTestId('timeline-zoom').textContent();
    if (zoomed !== 'Zoom 10x') throw new Error(`The wheel zoomed to ${zoomed}, not 10x`);
    const visible = HOUR_S / 10;
    const edge = clip.gaps.find((g) => g.end > visible / 2) ?? clip.gaps[0];
    const x = box.x + 1 + ((edge?.end ?? 0) / visible) * (box.width - 2);
    await page.evaluate(`window.dragFrom = ${x}`);
    await page.mouse.move(x, box.y + 100);
    await page.mouse.down();
    show('drag a gap edge at 10x, one move a frame', await frames('drag', 120));
    await page.mouse.up();
    show('pan at 10x, one wheel a frame', await frames('pan', 120));
    const nodes = await page
      .getByTestId('gap-timeline')
      .evaluate((e) => e.querySelectorAll('*').length);
    rows.push({ measure: 'DOM nodes in the timeline at 10x', value: String(nodes) });
    await page.getByRole('button', { name: 'Reset Zoom' }).click();
    const nodes1x = await page
      .getByTestId('gap-timeline')
      .evaluate((e) => e.querySelectorAll('*').length);
    rows.push({ measure: 'DOM nodes in the timeline at 1x', value: String(nodes1x) });
    const heap = await page.evaluate(
      () =>
        (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
          ?.usedJSHeapSize ?? 0,
    );
    rows.push({
      measure: 'JS heap after the runs',
      value: `${(heap / 1024 / 1024).toFixed(1)} MiB`,
    });
  } finally {
    await browser.close();
    await web.close();
  }
  return rows;
}

export async function run(): Promise<void> {
  const rows = await benchTimeline();
  const width = Math.max(...rows.map((r) => r.measure.length));
  for (const row of rows) process.stdout.write(`${row.measure.padEnd(width)}  ${row.value}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
