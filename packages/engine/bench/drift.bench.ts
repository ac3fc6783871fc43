// Drift bench: a one-hour long form of each drift-prone source (variable frame rate, sound that
// starts late or early, edit lists; constant rate as the control), by smart cut where the source
// allows it and by full encode, plus a 60 s short clip from the source's last minutes. Each output
// is measured from content at both ends (flashes and clicks, drift-measure.ts): length error and
// A/V offset at the start and at the end, in frames. Sources are made once and cached in
// .tmp/bench/drift. BENCH_DRIFT_MINUTES sets the output length (default 60; 2 for a quick run).
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runFfprobe } from '../src/media/ffmpeg-runner.ts';
import { probeMedia } from '../src/media/probe.ts';
import { renderLongForm } from '../src/render/long-form.ts';
import { renderShortClip } from '../src/render/short-clip.ts';
import { smartCutBlocker } from '../src/render/smart-cut-parts.ts';
import { renderFps, snapSpans } from '../src/frames/spans.ts';
import {
  DRIFT_KINDS,
  DRIFT_MARK_PHASES,
  MARK_EVERY_S,
  makeDriftSource,
} from '../src/testing/drift-media.ts';
import type { DriftKind, DriftSource } from '../src/testing/drift-media.ts';
import { driftFigures, measureMarks } from '../src/testing/drift-measure.ts';
import type { MarkMeasure, MeasureWindow } from '../src/testing/drift-measure.ts';
import type { ProbeResult, Span } from '../src/types.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Seconds measured at each end of an output. */
const WINDOW_S = 20;

/**
 * A span edge moved out of the flashes of every source: one within 0.2 s after a mark would cut
 * a flash in two, so the same cuts serve all of them.
 */
const clear = (t: number): number => {
  const inFlash = (at: number, mark: number) => {
    const phase = (((at - mark) % MARK_EVERY_S) + MARK_EVERY_S) % MARK_EVERY_S;
    return phase < 0.2 || phase > MARK_EVERY_S - 0.05;
  };
  let at = t;
  while (DRIFT_MARK_PHASES.some((mark) => inFlash(at, mark))) at += 0.05;
  return Math.round(at * 1e4) / 1e4;
};

/**
 * Talk-like kept spans (5 to 14 s, gaps of 0.35 to 2.5 s, edges between frames) adding up to
 * `totalS`, from a fixed seed so every run cuts the same. No edge falls in a flash or a click.
 */
export function benchSpans(totalS: number, startS = 0.25): Span[] {
  let seed = 12;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const spans: Span[] = [];
  let at = clear(startS);
  let kept = 0;
  while (kept < totalS - 1e-9) {
    let end = clear(at + Math.min(5 + random() * 9, totalS - kept));
    if (kept + end - at > totalS) end = at + totalS - kept;
    spans.push({ start: at, end });
    kept += end - at;
    at = clear(end + 0.35 + random() * 2.15);
  }
  return spans;
}

type Row = {
  source: DriftKind;
  path: string;
  outS: number;
  videoErr: number;
  audioErr: number;
  declaredErr: number;
  startOffset: number;
  endOffset: number;
  worstPlace: number;
  marks: string;
  seconds: number;
};

async function declaredAudioS(path: string): Promise<number> {
  const out = await runFfprobe([
    ...['-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path],
  ]);
  return Number(out.trim());
}

/** Both ends of a long output as one measure (its middle is not decoded). */
async function measureEnds(path: string, lengthS: number): Promise<MarkMeasure> {
  if (lengthS <= 2 * WINDOW_S) return measureMarks(path);
  const [head, tail] = await Promise.all([
    measureMarks(path, { toS: WINDOW_S }),
    measureMarks(path, { fromS: lengthS - WINDOW_S }),
  ]);
  return {
    flashes: [...head.flashes, ...tail.flashes],
    clicks: [...head.clicks, ...tail.clicks],
    video: { start: head.video.start, end: tail.video.end },
    audio: { start: head.audio.start, end: tail.audio.end },
  };
}

async function measureRow(
  source: DriftSource,
  probe: ProbeResult,
  render: { path: string; out: string; keep: Span[]; seconds: number },
): Promise<Row> {
  const fps = renderFps(probe);
  const spans = snapSpans(render.keep, fps, probe.durationS);
  const keptS = spans.reduce((sum, s) => sum + s.end - s.first, 0) / fps;
  const windows: MeasureWindow[] =
    keptS <= 2 * WINDOW_S ? [{}] : [{ toS: WINDOW_S }, { fromS: keptS - WINDOW_S }];
  const measure = await measureEnds(render.out, keptS);
  const f = driftFigures(measure, source, { spans, fps, windows });
  return {
    source: source.kind,
    path: render.path,
    outS: keptS,
    videoErr: f.videoErrorFrames,
    audioErr: f.audioErrorFrames,
    declaredErr: ((await declaredAudioS(render.out)) - keptS) * fps,
    startOffset: f.startOffsetFrames,
    endOffset: f.endOffsetFrames,
    worstPlace: f.worstPlaceFrames,
    marks: `${f.marks.length - f.missing}/${f.marks.length}${f.extra ? ` +${f.extra}` : ''}`,
    seconds: render.seconds,
  };
}

function printTable(rows: Row[]): void {
  const n = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
  const lines = [
    [
      'source',
      'render',
      'output s',
      'video len err',
      'sound len err',
      'sound len (container)',
      'A/V start',
      'A/V end',
      'worst mark place',
      'marks found',
      'render s',
    ],
    ...rows.map((r) => [
      r.source,
      r.path,
      r.outS.toFixed(1),
      n(r.videoErr),
      n(r.audioErr),
      n(r.declaredErr),
      n(r.startOffset),
      n(r.endOffset),
      n(r.worstPlace),
      r.marks,
      r.seconds.toFixed(0),
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines) {
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
  }
}

export async function run(): Promise<void> {
  const minutes = Number(process.env.BENCH_DRIFT_MINUTES ?? 60);
  const cache = join(ROOT, '.tmp/bench/drift');
  const work = join(cache, `work-${process.pid}`);
  await mkdir(work, { recursive: true });
  const keep = benchSpans(minutes * 60);
  const sourceS = Math.ceil(keep.at(-1)!.end + 2);
  const rows: Row[] = [];
  try {
    for (const kind of ['cfr', ...DRIFT_KINDS] as DriftKind[]) {
      process.stderr.write(`bench: drift source ${kind}, ${sourceS} s (cached)\n`);
      const source = await makeDriftSource(kind, { dir: cache, durationS: sourceS, cache: true });
      const probe = await probeMedia(source.path, { keyframes: true });
      // A 60 s short clip from the last minutes of the source, where drift would have built up.
      const shortKeep = [
        { start: clear(sourceS - 75.1), end: clear(sourceS - 52.6) },
        { start: clear(sourceS - 51.4), end: clear(sourceS - 13.8) },
      ];
      // NOTE: where smart cut cannot copy, its render would be the full encode again.
      const blocker = smartCutBlocker(probe, false);
      const renders = [
        ...(blocker ? [] : [{ path: 'long, smart cut', smartCut: true, keep }]),
        { path: 'long, full encode', smartCut: false, keep },
        { path: 'short clip 1080x1920, last minutes', smartCut: false, keep: shortKeep },
      ];
      if (blocker) process.stderr.write(`bench: ${kind}: no smart cut (${blocker})\n`);
      for (const r of renders) {
        const out = join(work, `${kind}.mp4`);
        const started = performance.now();
        if (r.path.startsWith('short')) {
          await renderShortClip(source.path, { outPath: out, keep: r.keep, probe });
        } else {
          const { method } = await renderLongForm(source.path, {
            outPath: out,
            keep: r.keep,
            probe,
            smartCut: r.smartCut,
          });
          if (r.smartCut && method !== 'smart-cut') throw new Error(`${kind}: smart cut fell back`);
        }
        const seconds = (performance.now() - started) / 1000;
        const row = await measureRow(source, probe, { path: r.path, out, keep: r.keep, seconds });
        rows.push(row);
        process.stderr.write(`bench: ${kind} ${r.path}: ${JSON.stringify(row)}\n`);
        await rm(out, { force: true });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write(
    `\ndrift bench: ${minutes} min outputs of ${sourceS} s sources, 320x180; errors and offsets in output frames\n` +
      `(target: every figure within 1 frame; A/V = click minus flash at the first and the last mark)\n\n`,
  );
  printTable(rows);
}
