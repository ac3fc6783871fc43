// Quality bench: never cut a word. A generated corpus with ground truth (speech-corpus.ts) goes
// through the real analysis and the real long-form render; the table shows, per case and overall,
// speech kept, gap precision and recall, edge error beyond the padding, word retention by an
// independent recogniser run, output duration error and A/V offset, and analysis speed.
// QUALITY_CASES=slt-clean,awb-music runs some cases only.
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runFfprobe } from '../src/media/ffmpeg-runner.ts';
import { analyseVideo } from '../src/pipeline/analyse.ts';
import { renderEngineClip } from '../src/render/engine-clip.ts';
import { renderedSpans } from '../src/frames/spans.ts';
import { QUALITY_CORPUS, makeCorpusVideo } from '../src/testing/speech-corpus.ts';
import { expectedGaps, scoreGaps, speechKept } from '../src/testing/quality-metrics.ts';
import type { Span } from '../src/types.ts';
import { measureWordRetention } from '../src/testing/word-retention.ts';
import type { RetentionCount } from '../src/testing/word-retention.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

type Row = {
  name: string;
  seconds: number;
  kept: number;
  speechS: number;
  found: number;
  truth: number;
  rightFound: number;
  recalled: number;
  edgeMax: number;
  edgeMean: number;
  /** Retention counts by Moonshine (independent) and pocketsphinx (the analysis's recogniser). */
  words: Record<
    'moonshine' | 'moonshineAll' | 'pocketsphinx' | 'moonshineRepeat' | 'pocketsphinxRepeat',
    RetentionCount
  >;
  durationErrFrames: number;
  avOffsetFrames: number;
  analysisS: number;
};

type StreamTimes = { codec_type: string; start_time?: string; duration?: string };

/** Start and end offsets between the output's sound and picture, and its duration (seconds). */
async function streamTimes(path: string) {
  const json = await runFfprobe([
    '-show_entries',
    'stream=codec_type,start_time,duration:format=duration',
    '-of',
    'json',
    path,
  ]);
  const parsed = JSON.parse(json) as { streams: StreamTimes[]; format: { duration?: string } };
  const of = (type: string) => parsed.streams.find((s) => s.codec_type === type);
  const span = (s?: StreamTimes) => {
    const start = Number(s?.start_time ?? 0);
    return { start, end: start + Number(s?.duration ?? 0) };
  };
  const video = span(of('video'));
  const audio = span(of('audio'));
  return {
    durationS: video.end - video.start,
    offsetS: Math.max(Math.abs(audio.start - video.start), Math.abs(audio.end - video.end)),
  };
}

const at = (x: Span) => `${x.start.toFixed(3)}-${x.end.toFixed(3)}`;

/** Every true pause with the gap found in it and where a perfect detector puts it (stderr). */
function printDetail(
  name: string,
  found: readonly Span[],
  speech: readonly Span[],
  silences: readonly Span[],
  durationS: number,
  clean: boolean,
): void {
  const expected = expectedGaps(speech, durationS, clean);
  const hits = (a: Span) => (b: Span) => Math.min(a.end, b.end) > Math.max(a.start, b.start);
  for (const pause of silences) {
    const len = (pause.end - pause.start).toFixed(2);
    const gap = found.filter(hits(pause)).map(at).join(' ') || 'none';
    const want = expected.filter(hits(pause)).map(at).join(' ') || 'none';
    process.stderr.write(
      `  ${name} pause ${at(pause)} (${len} s): found ${gap}, expected ${want}\n`,
    );
  }
  const stray = found.filter((g) => !silences.some(hits(g)));
  if (stray.length) process.stderr.write(`  ${name} gaps in speech: ${stray.map(at).join(' ')}\n`);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (s: number) => `${Math.round(s * 1000)}`;
const kept = (c: RetentionCount) => `${pct(c.heard ? c.retained / c.heard : 1)} of ${c.heard}`;

function printTable(rows: Row[]): void {
  const head = ['case', 'len s', 'speech kept', 'gap P', 'gap R', 'edge max/mean ms'];
  const tail = ['words kept', 'repeat', 'all heard', 'psx kept', 'psx repeat', 'dur err fr'];
  tail.push('A/V fr', 'x RT');
  const lines = [[...head, ...tail]];
  for (const r of rows) {
    lines.push([
      r.name,
      r.seconds.toFixed(1),
      pct(r.kept / r.speechS),
      r.found ? (r.rightFound / r.found).toFixed(3) : '-',
      r.truth ? (r.recalled / r.truth).toFixed(3) : '-',
      `${ms(r.edgeMax)}/${ms(r.edgeMean)}`,
      kept(r.words.moonshine),
      kept(r.words.moonshineRepeat),
      kept(r.words.moonshineAll),
      kept(r.words.pocketsphinx),
      kept(r.words.pocketsphinxRepeat),
      r.durationErrFrames.toFixed(2),
      r.avOffsetFrames.toFixed(2),
      (r.analysisS / r.seconds).toFixed(3),
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines) {
    process.stdout.write(`${line.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
  }
}

const sumCounts = (counts: RetentionCount[]): RetentionCount => ({
  heard: counts.reduce((n, c) => n + c.heard, 0),
  retained: counts.reduce((n, c) => n + c.retained, 0),
});

function overall(rows: Row[]): Row {
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const max = (f: (r: Row) => number) => Math.max(0, ...rows.map(f));
  const edges = sum((r) => r.rightFound);
  return {
    name: 'OVERALL',
    seconds: sum((r) => r.seconds),
    kept: sum((r) => r.kept),
    speechS: sum((r) => r.speechS),
    found: sum((r) => r.found),
    truth: sum((r) => r.truth),
    rightFound: edges,
    recalled: sum((r) => r.recalled),
    edgeMax: max((r) => r.edgeMax),
    edgeMean: edges ? sum((r) => r.edgeMean * r.rightFound) / edges : 0,
    words: {
      moonshine: sumCounts(rows.map((r) => r.words.moonshine)),
      moonshineRepeat: sumCounts(rows.map((r) => r.words.moonshineRepeat)),
      moonshineAll: sumCounts(rows.map((r) => r.words.moonshineAll)),
      pocketsphinx: sumCounts(rows.map((r) => r.words.pocketsphinx)),
      pocketsphinxRepeat: sumCounts(rows.map((r) => r.words.pocketsphinxRepeat)),
    },
    durationErrFrames: max((r) => r.durationErrFrames),
    avOffsetFrames: max((r) => r.avOffsetFrames),
    analysisS: sum((r) => r.analysisS),
  };
}

export async function run(): Promise<void> {
  const only = (process.env.QUALITY_CASES ?? '').split(',').filter(Boolean);
  const cases = QUALITY_CORPUS.filter((c) => !only.length || only.includes(c.name));
  const work = join(ROOT, '.tmp/bench', `quality-${process.pid}`);
  await mkdir(work, { recursive: true });
  const rows: Row[] = [];
  try {
    for (const c of cases) {
      const dir = join(work, c.name);
      process.stderr.write(
        `bench: quality ${c.name} (${c.voice}, x${c.stretch}, ${c.background})\n`,
      );
      const video = await makeCorpusVideo(c, dir);
      const started = performance.now();
      const analysis = await analyseVideo(video.path, {
        workDir: join(dir, 'analysis'),
        language: 'en',
        maxWordsInPhrase: 5,
        steps: { longForm: true, shortForm: false },
      });
      const analysisS = (performance.now() - started) / 1000;
      const clip = analysis.clips.find((k) => k.is_long_form)!;
      const outPath = join(dir, 'long-form.mp4');
      const render = await renderEngineClip(video.path, {
        clip,
        probe: analysis.probe,
        outPath,
        removeGaps: analysis.gaps,
        subtitles: null,
      });
      const fps = analysis.probe.fps;
      const keptS = render.keep.reduce((s, k) => s + k.end - k.start, 0);
      const times = await streamTimes(outPath);
      const clean = c.background === 'none';
      const gaps = scoreGaps(analysis.gaps, video.speechSpans, video.gaps, video.durationS, clean);
      const words = await measureWordRetention({
        video,
        clip,
        probe: analysis.probe,
        outputPath: outPath,
        keep: render.keep,
        workDir: dir,
      });
      const speechS = video.speechSpans.reduce((s, k) => s + k.end - k.start, 0);
      if (process.env.QUALITY_VERBOSE) {
        printDetail(c.name, analysis.gaps, video.speechSpans, video.gaps, video.durationS, clean);
        for (const [name, heard] of Object.entries(words)) {
          process.stderr.write(`  ${name} in source: ${heard.source.join(' ')}\n`);
          process.stderr.write(`  ${name} in output: ${heard.output.join(' ')}\n`);
        }
      }
      rows.push({
        name: c.name,
        seconds: video.durationS,
        kept: speechKept(video.speechSpans, renderedSpans(render.keep, analysis.probe)) * speechS,
        speechS,
        found: gaps.found,
        truth: gaps.truth,
        rightFound: Math.round(gaps.precision * gaps.found),
        recalled: Math.round(gaps.recall * gaps.truth),
        edgeMax: gaps.maxEdgeErrorS,
        edgeMean: gaps.meanEdgeErrorS,
        words: {
          moonshine: words.moonshine,
          moonshineRepeat: words.moonshine.repeat,
          moonshineAll: words.moonshine.allHeard,
          pocketsphinx: words.pocketsphinx,
          pocketsphinxRepeat: words.pocketsphinx.repeat,
        },
        durationErrFrames: Math.abs(times.durationS - keptS) * fps,
        avOffsetFrames: times.offsetS * fps,
        analysisS,
      });
    }
    process.stdout.write(`\nquality bench: ${rows.length} generated cases, targets: speech kept `);
    process.stdout.write(
      '100%, gap P/R >= 0.98, edge <= 40 ms, words kept >= 99%, duration and A/V <= 1 frame\n',
    );
    process.stdout.write(
      'NOTE: words kept = of the words of the text that Moonshine (a recogniser independent of\n' +
        'the analysis) hears right in the source in each of three hearings of a sentence, those it\n' +
        'hears again in the output (consensus of three); repeat = the same for the source against\n' +
        'it rendered uncut through the same codec path: what the recogniser repeats when nothing\n' +
        'is cut; all heard = words kept counted over every word its consensus heard right in the\n' +
        "source. psx = words kept and repeat by pocketsphinx, the analysis's own recogniser\n" +
        '(one hearing). x RT = analysis time over length.\n',
    );
    process.stdout.write(
      'NOTE: analysis x RT here is of short files; the engine part measures 10 min.\n\n',
    );
    printTable([...rows, overall(rows)]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
