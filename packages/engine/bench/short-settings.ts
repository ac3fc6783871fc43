// How the short's encoder and scaler settings were chosen (decision 0009): the bench's 60 s
// 1080x1920 short with subtitles, rendered with each candidate setting, timed (wall and CPU of
// ffmpeg) and scored by SSIM against the same picture uncompressed and scaled with lanczos.
// Run: node packages/engine/bench/short-settings.ts [name ...] (names from CANDIDATES; all when
// none). Not a `./roughcut bench` part: it takes many minutes and only informs a decision.
import { readFileSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_DRAW_SETTINGS, clipKeptSpans } from '@roughcut/shared';
import { runFfmpeg } from '../src/media/ffmpeg-runner.ts';
import { probeMedia } from '../src/media/probe.ts';
import { buildCutFilterGraph, inputWindow } from '../src/render/cut-graph.ts';
import { boundedSourceArgs } from '../src/render/encode-args.ts';
import { centreCrop } from '../src/frames/crop.ts';
import { spansToSeconds, writeAssFile } from '../src/render/render-common.ts';
import { assFilter } from '../src/render/cut-graph.ts';
import { renderFps, snapSpans } from '../src/frames/spans.ts';
import { makeLongTalkingVideo } from '../src/testing/test-media.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

type Candidate = { name: string; scale: string; encode: string[] };

const x264 = (preset: string, crf: number, ...more: string[]): string[] => [
  ...['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), ...more],
];
const lanczos = (w: number, h: number) => `scale=${w}:${h}:flags=lanczos`;
const bicubic = (w: number, h: number) => `scale=${w}:${h}:flags=bicubic`;
const bilinear = (w: number, h: number) => `scale=${w}:${h}:flags=fast_bilinear`;

// NOTE: ultrafast leaves CABAC and the deblocking filter out; both cost little and save a third
// of the bits at the same quality, so "ultrafast+" puts them back.
const ULTRAFAST_PLUS = ['-x264-params', 'cabac=1:deblock=1,0,0'];

const CANDIDATES: Candidate[] = [
  { name: 'today: lanczos, veryfast crf 20', scale: 'lanczos', encode: x264('veryfast', 20) },
  { name: 'lanczos, superfast crf 20', scale: 'lanczos', encode: x264('superfast', 20) },
  { name: 'lanczos, superfast crf 23', scale: 'lanczos', encode: x264('superfast', 23) },
  { name: 'lanczos, ultrafast crf 20', scale: 'lanczos', encode: x264('ultrafast', 20) },
  { name: 'lanczos, ultrafast crf 23', scale: 'lanczos', encode: x264('ultrafast', 23) },
  { name: 'lanczos, ultrafast crf 25', scale: 'lanczos', encode: x264('ultrafast', 25) },
  { name: 'lanczos, ultrafast crf 26', scale: 'lanczos', encode: x264('ultrafast', 26) },
  {
    name: 'lanczos, ultrafast+ crf 21',
    scale: 'lanczos',
    encode: x264('ultrafast', 21, ...ULTRAFAST_PLUS),
  },
  {
    name: 'lanczos, ultrafast+ crf 23',
    scale: 'lanczos',
    encode: x264('ultrafast', 23, ...ULTRAFAST_PLUS),
  },
  {
    name: 'bicubic, ultrafast+ crf 21',
    scale: 'bicubic',
    encode: x264('ultrafast', 21, ...ULTRAFAST_PLUS),
  },
  {
    name: 'lanczos, ultrafast+ crf 21, 2 threads',
    scale: 'lanczos',
    encode: x264('ultrafast', 21, ...ULTRAFAST_PLUS, '-threads', '2'),
  },
  { name: 'bicubic, veryfast crf 20', scale: 'bicubic', encode: x264('veryfast', 20) },
  { name: 'bilinear, superfast crf 20', scale: 'bilinear', encode: x264('superfast', 20) },
];

const SCALERS: Record<string, (w: number, h: number) => string> = { lanczos, bicubic, bilinear };

/** CPU seconds of every reaped child so far (utime + stime from /proc/self/stat). */
function childCpuS(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // NOTE: fields after the command: cutime is the 14th, cstime the 15th (1-based from state).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function ssimOf(lines: string[]): number {
  const line = lines.find((l) => l.includes('SSIM')) ?? '';
  return Number(/All:([\d.]+)/.exec(line)?.[1]);
}

export async function main(names: string[]): Promise<void> {
  const dir = join(ROOT, '.tmp/bench/short-settings');
  await mkdir(dir, { recursive: true });
  const video = await makeLongTalkingVideo({ dir: join(ROOT, '.tmp/bench'), minutes: 10 });
  const probe = await probeMedia(video.path, { keyframes: true });
  const d = video.durationS;
  const keep = clipKeptSpans(
    { start: Math.min(60, d / 4), end: Math.min(60, d / 4) + 60 },
    video.gaps,
  );
  const fps = renderFps(probe);
  const spans = snapSpans(keep, fps, probe.durationS);
  const window = inputWindow(spans, fps);
  const segments = video.sentences.map((s) => ({ start: s.start, end: s.end, phrase: s.text }));
  const assPath = await writeAssFile(
    dir,
    { segments, settings: DEFAULT_DRAW_SETTINGS },
    spansToSeconds(spans, fps),
  );
  const crop = centreCrop(probe, 1080, 1920);
  const graphFor = (scale: string) =>
    buildCutFilterGraph({
      spans,
      fps,
      offsetS: window.offsetS,
      videoTail: [
        `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
        SCALERS[scale]!(1080, 1920),
        'setsar=1',
        assFilter(assPath),
      ],
    });
  const source = (graphPath: string) =>
    boundedSourceArgs({ inputPath: video.path, ...window, graphPath });
  const reference = join(dir, 'reference-graph.txt');
  await writeFile(reference, graphFor('lanczos').replace('[v]', '[ref]'), 'utf8');
  process.stdout.write('candidate | wall s | ffmpeg CPU s | SSIM all | MB\n');
  for (const c of CANDIDATES.filter(
    (c) => !names.length || names.some((n) => c.name.includes(n)),
  )) {
    const graphPath = join(dir, 'graph.txt');
    await writeFile(graphPath, graphFor(c.scale), 'utf8');
    const out = join(dir, 'out.mp4');
    const cpu0 = childCpuS();
    const t0 = performance.now();
    await runFfmpeg([
      ...source(graphPath),
      '-map',
      '[v]',
      ...c.encode,
      '-pix_fmt',
      'yuv420p',
      '-an',
      out,
    ]);
    const wall = (performance.now() - t0) / 1000;
    const cpu = childCpuS() - cpu0;
    const lines: string[] = [];
    const both = join(dir, 'ssim-graph.txt');
    // NOTE: the reference graph reads input 0; the output to score is input 1.
    await writeFile(both, `${readFileSync(reference, 'utf8')};[1:v:0][ref]ssim`, 'utf8');
    await runFfmpeg([...source(both), '-i', out, '-f', 'null', '-'], {
      logLevel: 'info',
      onStderrLine: (l) => lines.push(l),
    });
    const mb = (await stat(out)).size / 1e6;
    process.stdout.write(
      `${c.name} | ${wall.toFixed(1)} | ${cpu.toFixed(1)} | ${ssimOf(lines).toFixed(5)} | ${mb.toFixed(1)}\n`,
    );
    await rm(out, { force: true });
  }
}

await main(process.argv.slice(2));
