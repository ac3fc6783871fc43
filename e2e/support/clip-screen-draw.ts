// The clip screen's first drawing in Chromium, for the scale bench (issue 35): the web build opens
// a clip (its API answers routed in the page) and is timed until the gap timeline is drawn.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clip, WaveformResponse } from '@roughcut/shared';
import { chromium } from 'playwright-core';
import { clipScreenAnswers, routeApi } from './clip-screen-api.ts';
import { REPO_ROOT } from './server.ts';
import { serveWeb } from './static-web.ts';
import type { StaticWeb } from './static-web.ts';

export type FirstDraw = {
  /** Page time from navigation to the drawn timeline, ms (a busy machine stretches it). */
  wallMs: number;
  /** Renderer CPU time spent meanwhile, ms (only our work). */
  cpuMs: number;
};

export type ClipScreenDrawer = {
  firstDraw(clip: Clip, waveform: WaveformResponse, loads?: number): Promise<FirstDraw>;
  close(): Promise<void>;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function openClipScreenDrawer(): Promise<ClipScreenDrawer> {
  const root = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  await stat(path.join(root, 'index.html')).catch(() => {
    throw new Error(`No web build in ${root}: run "npm run build" or set WEB_DIST.`);
  });
  const web: StaticWeb = await serveWeb(root);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const cdp = await browser.newBrowserCDPSession();
  const rendererCpuS = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; cpuTime: number }[];
    };
    return processInfo.filter((p) => p.type === 'renderer').reduce((s, p) => s + p.cpuTime, 0);
  };

  async function once(answers: Record<string, unknown>, clip: Clip): Promise<FirstDraw> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    try {
      await routeApi(page, answers);
      const before = await rendererCpuS();
      await page.goto(`${web.base}/manage/automation/${clip.auto_job_id}/clip/${clip.id}`);
      const drawn = await page.waitForFunction(
        () => {
          const canvas = document.querySelector('[data-testid=gap-timeline] canvas');
          return canvas instanceof HTMLCanvasElement && canvas.width > 0 && performance.now();
        },
        undefined,
        { timeout: 180_000 },
      );
      const wallMs = (await drawn.jsonValue()) as number;
      // NOTE: the CPU counted before the page is closed: a new page is a new renderer process.
      return { wallMs, cpuMs: ((await rendererCpuS()) - before) * 1000 };
    } finally {
      await page.close();
    }
  }

  return {
    async firstDraw(clip, waveform, loads = 3) {
      const answers = clipScreenAnswers(
        { job: clip.auto_job_id, instance: clip.auto_job_instance_id, clip: clip.id },
        {
          user: { email: 'scale@example.com', username: 'scale' },
          name: 'Scale bench',
          stepType: 'optimised-long-form',
          createdAt: Math.floor(Date.now() / 1000),
          clip,
          waveform,
        },
      );
      const runs: FirstDraw[] = [];
      for (let i = 0; i < loads; i++) runs.push(await once(answers, clip));
      return {
        wallMs: median(runs.map((r) => r.wallMs)),
        cpuMs: median(runs.map((r) => r.cpuMs)),
      };
    },
    async close() {
      await browser.close();
      await web.close();
    },
  };
}
