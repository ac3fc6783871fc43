// Scale bench (issue 35, "Fast at every length"): talks of 10 minutes, 1 hour and 4 hours (320x180
// 30 fps: the picture's size is not what grows) and, for each, the real analysis (analyseVideo:
// probe, audio, voice detector, the offline recogniser, phrases, gaps, fillers, clips) per minute
// of video and its peak memory, the long form's smart cut per minute, every export format of the
// long form, the clip screen's confirm of the long form with all its gaps (through the app's
// routes on PGlite), and the clip screen's first drawing of it in Chromium. Then the growth from
// the shortest to the longest: per minute for times, absolute for memory, bound 1.2x.
// NOTE: the talk is flite speech (test-media.ts makeLongTalkingVideo: seven sentences looped with
// varied silences), so the analysis figure covers the real recogniser on real-sounding speech and
// the gaps grow with the length as a talk's do.
// Each length's analysis is kept beside its video (.tmp/bench/*.analysis.json) and reused by a
// rerun, as are the videos; BENCH_SCALE_REANALYSE=1 analyses again.
//   BENCH_SCALE_LENGTHS=10,60 (minutes) for a quicker run; WEB_DIST another web build.
//   BENCH_SCALE_TILE=1: a length not analysed yet reuses the longest shorter analysis repeated
//   (scale-tile.ts), its analysis reported as n/a; the rest is measured at the full length.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXPORT_FORMATS } from '@roughcut/shared';
import type { Clip, WaveformResponse } from '@roughcut/shared';
import { makeLongTalkingVideo } from '@roughcut/engine/testing';
import { measureEngine } from './scale-engine.ts';
import type { EngineScale } from './scale-engine.ts';
import { startScaleServer } from './scale-server.ts';
import type { ServerScale } from './scale-server.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const BOUND = 1.2;

type FirstDraw = { wallMs: number; cpuMs: number };
/** e2e/support/clip-screen-draw.ts, loaded by path: the e2e workspace is typed apart (DOM). */
type DrawModule = {
  openClipScreenDrawer(): Promise<{
    firstDraw(clip: Clip, waveform: WaveformResponse): Promise<FirstDraw>;
    close(): Promise<void>;
  }>;
};

type Measured = { minutes: number; engine: EngineScale; server: ServerScale; draw: FirstDraw };
type Measure = {
  name: string;
  /** Per minute of video (growth compares per minute) or absolute (growth compares values). */
  perMinute: boolean;
  value: (m: Measured) => number;
  digits: number;
};

const MEASURES: Measure[] = [
  { name: 'analysis, s per min', perMinute: true, value: (m) => m.engine.analysisS, digits: 2 },
  {
    name: 'analysis peak RSS, MB',
    perMinute: false,
    value: (m) => m.engine.analysisPeakMb,
    digits: 0,
  },
  {
    name: 'long-form smart cut, s per min',
    perMinute: true,
    value: (m) => m.engine.renderS,
    digits: 3,
  },
  ...EXPORT_FORMATS.map((format) => ({
    name: `export ${format}, ms per min`,
    perMinute: true,
    value: (m: Measured) => m.engine.exportS[format] * 1000,
    digits: 2,
  })),
  {
    name: 'clip load (GET), ms per min',
    perMinute: true,
    value: (m) => m.server.loadClipMs,
    digits: 2,
  },
  {
    name: 'confirm long form, ms per min',
    perMinute: true,
    value: (m) => m.server.confirmMs,
    digits: 2,
  },
  { name: 'first draw, ms per min', perMinute: true, value: (m) => m.draw.wallMs, digits: 1 },
  {
    name: 'first draw renderer CPU, ms per min',
    perMinute: true,
    value: (m) => m.draw.cpuMs,
    digits: 1,
  },
];

function printTable(measured: Measured[]): void {
  const first = measured[0];
  const last = measured.at(-1);
  // NOTE: with three lengths or more, the growth past the second too: a step between the first
  // two (data that no longer fits the caches) tells apart from a cost that keeps growing.
  const second = measured.length > 2 ? measured[1] : undefined;
  const header = [
    'measure',
    ...measured.map((m) => `${m.minutes} min`),
    `growth ${first?.minutes}->${last?.minutes}`,
    `within ${BOUND}x`,
    ...(second ? [`growth ${second.minutes}->${last?.minutes}`] : []),
  ];
  const count = (m: Measured) =>
    `${m.engine.longForm.gaps.length} gaps, ${m.engine.longForm.segments.length} phrases`;
  const rows = [['long form', ...measured.map(count), '', '']];
  const fromSecond = (shown: number[]) => {
    const to = shown.findLastIndex(Number.isFinite);
    const growth = to > 1 ? (shown[to] ?? 0) / (shown[1] ?? 1) : NaN;
    return second ? [Number.isFinite(growth) ? `${growth.toFixed(2)}x` : ''] : [];
  };
  for (const measure of MEASURES) {
    const shown = measured.map((m) => measure.value(m) / (measure.perMinute ? m.minutes : 1));
    // NOTE: a tiled length (BENCH_SCALE_TILE) has no analysis figures: growth up to the last one.
    const from = shown.findIndex(Number.isFinite);
    const to = shown.findLastIndex(Number.isFinite);
    const growth = to > from ? (shown[to] ?? 0) / (shown[from] ?? 1) : NaN;
    const upTo = to < shown.length - 1 ? ` (to ${measured[to]?.minutes} min)` : '';
    rows.push([
      measure.name,
      ...shown.map((v) => (Number.isFinite(v) ? v.toFixed(measure.digits) : 'n/a')),
      Number.isFinite(growth) ? `${growth.toFixed(2)}x${upTo}` : '',
      Number.isFinite(growth) ? (growth <= BOUND ? 'pass' : 'FAIL') : '',
      ...fromSecond(shown),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const line of [header, ...rows]) {
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}\n`);
  }
}

export async function run(): Promise<void> {
  const lengths = (process.env.BENCH_SCALE_LENGTHS ?? '10,60,240')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const cache = join(ROOT, '.tmp/bench');
  const log = (line: string) => process.stderr.write(`scale: ${line}\n`);
  const loadAtStart = loadavg()[0] ?? 0;
  if (!process.env.WEB_DIST && !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    log('no web build: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const drawModule = (await import(
    pathToFileURL(join(ROOT, 'e2e/support/clip-screen-draw.ts')).href
  )) as DrawModule;
  const server = await startScaleServer();
  const drawer = await drawModule.openClipScreenDrawer();
  const measured: Measured[] = [];
  try {
    for (const minutes of lengths) {
      log(`${minutes} min: preparing the talk (cached in .tmp/bench)`);
      const video = await makeLongTalkingVideo({ dir: cache, minutes, width: 320, height: 180 });
      const engine = await measureEngine(video.path, join(cache, `scale-${process.pid}`), log);
      const serverScale = await server.measure(engine);
      log(
        `confirm ${serverScale.confirmMs.toFixed(0)} ms, clip load ${serverScale.loadClipMs.toFixed(0)} ms`,
      );
      const draw = await drawer.firstDraw(serverScale.clip, serverScale.waveform);
      log(`first draw ${draw.wallMs.toFixed(0)} ms (renderer CPU ${draw.cpuMs.toFixed(0)} ms)`);
      measured.push({ minutes, engine, server: serverScale, draw });
    }
  } finally {
    await drawer.close();
    await server.close();
  }
  process.stdout.write(
    `\nscale bench: ${lengths.join(', ')} min talks, 320x180 30 fps; load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end (2 shared cores)\n\n`,
  );
  printTable(measured);
}
