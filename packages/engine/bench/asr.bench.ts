// ASR bench: word error rate on the real-speech development set (REALSPEECH_DIR, default
// /work/shared/realspeech) for the default English engine with pocketsphinx beside it, the share of
// wrong and of right words flagged at the spec's default tolerance 0.8, and the speed and peak
// memory of the whole analysis of the 10-minute talk of `./roughcut bench engine`; then the
// aligner's word-time error (asr-word-times.ts).
// ASR_ABLATION=1 adds the decoding and cutting variants of decision 0005; BENCH_MINUTES changes the
// talk's length; ASR_DEV_ONLY=1 stops after the development set's tables (no talk, no word times).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { extractAudio } from '../src/audio/extract-audio.ts';
import { readWavInfo } from '../src/audio/wav-header.ts';
import { makeLongTalkingVideo } from '../src/testing/test-media.ts';
import { errorCount, wordErrors } from '../src/testing/word-errors.ts';
import type { WordErrors } from '../src/testing/word-errors.ts';
import { decodeMoonshine } from '../src/transcribe/moonshine-model.ts';
import { hearUtterances } from '../src/transcribe/moonshine-transcriber.ts';
import type { MoonshineOptions } from '../src/transcribe/moonshine-transcriber.ts';
import { tokensToWords } from '../src/transcribe/moonshine-words.ts';
import { createPocketsphinxTranscriber } from '../src/transcribe/pocketsphinx-transcriber.ts';
import { createTranscriber } from '../src/transcribe/index.ts';
import { transcriberConfigFromEnv } from '../src/languages/available-languages.ts';
import { normaliseLevel, readSpanSamples } from '../src/transcribe/utterance-audio.ts';
import { runWordTimes } from './asr-word-times.ts';
import { withPeakRss } from './peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TOLERANCE = 0.8;

type Heard = { text: string; confidence: number }[];
type Scored = { file: string; errors: WordErrors; heard: Heard };

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows)
    process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
}

function flags(scored: readonly Scored[]) {
  let wrong = 0;
  let wrongFlagged = 0;
  let right = 0;
  let rightFlagged = 0;
  for (const s of scored) {
    s.heard.forEach((w, i) => {
      const flagged = w.confidence < TOLERANCE;
      if (s.errors.hypothesisRight[i]) [right, rightFlagged] = [right + 1, rightFlagged + +flagged];
      else [wrong, wrongFlagged] = [wrong + 1, wrongFlagged + +flagged];
    });
  }
  return { wrong, wrongFlagged, right, rightFlagged };
}

const total = (scored: readonly Scored[]) => ({
  errors: scored.reduce((n, s) => n + errorCount(s.errors), 0),
  words: scored.reduce((n, s) => n + s.errors.reference, 0),
});

type DevFile = { file: string; reference: string; wav: string };

async function prepareDevSet(dir: string, work: string): Promise<DevFile[]> {
  const lines = (await readFile(join(dir, 'references.tsv'), 'utf8')).trim().split('\n');
  const files: DevFile[] = [];
  for (const line of lines) {
    const [file, reference] = line.split('\t');
    if (!file || !reference) continue;
    const wav = join(work, `${file}.wav`);
    await extractAudio(join(dir, file), wav);
    files.push({ file, reference, wav });
  }
  return files;
}

async function score(
  files: readonly DevFile[],
  hear: (wav: string) => Promise<Heard>,
): Promise<Scored[]> {
  const out: Scored[] = [];
  for (const f of files) {
    const heard = await hear(f.wav);
    out.push({
      file: f.file,
      heard,
      errors: wordErrors(
        f.reference,
        heard.map((w) => w.text),
      ),
    });
  }
  return out;
}

function printDevSet(engine: string, main: Scored[], baseline: Scored[]): void {
  const group = (prefix: string) => [
    main.filter((s) => s.file.startsWith(prefix)),
    baseline.filter((s) => s.file.startsWith(prefix)),
  ];
  const row = (name: string, [a, b]: Scored[][]) => {
    const [ta, tb] = [total(a!), total(b!)];
    const f = flags(a!);
    return [
      name,
      String(ta.words),
      pct(ta.errors, ta.words),
      pct(tb.errors, tb.words),
      pct(f.wrongFlagged, f.wrong),
      pct(f.rightFlagged, f.right),
    ];
  };
  process.stdout.write(`\nWER on the development set: ${engine} (default) and pocketsphinx\n\n`);
  printTable([
    ['file', 'words', `WER ${engine}`, 'WER pocketsphinx', 'wrong flagged', 'right flagged'],
    ...main.map((s, i) => row(s.file, [[s], [baseline[i]!]])),
    row('FLEURS', group('fleurs')),
    row('LibriSpeech', group('librispeech')),
    row('OVERALL', [main, baseline]),
  ]);
  const b = flags(baseline);
  process.stdout.write(
    `\ntargets: WER <= 6%; at tolerance ${TOLERANCE} wrong flagged >= 60%, right flagged <= 10%` +
      ` (pocketsphinx: ${pct(b.wrongFlagged, b.wrong)} / ${pct(b.rightFlagged, b.right)})\n`,
  );
}

/** The levers of decision 0005, one at a time, and the model on each whole file (its ceiling). */
async function printAblation(files: readonly DevFile[]): Promise<void> {
  const variants: [string, MoonshineOptions][] = [
    ['shipped (beam 6, level, pad 0.75 s)', {}],
    ['greedy decoding', { decode: { beam: 1 } }],
    ['beam 2', { decode: { beam: 2 } }],
    ['beam 4, pruned 2 nats behind', { decode: { beam: 4, prune: 2 } }],
    ['beam 6, pruned 2 nats behind', { decode: { prune: 2 } }],
    ['no length normalisation', { decode: { alpha: 0 } }],
    ['no level normalisation', { normalise: false }],
    ['no lexicon prior', { lexicon: false }],
    ['pad 1 s', { utterances: { padS: 1 } }],
    ['pad 0.5 s', { utterances: { padS: 0.5 } }],
    ['pad 0.3 s', { utterances: { padS: 0.3 } }],
    ['split at 20 s', { utterances: { maxS: 20 } }],
    ['no joining across pauses', { utterances: { joinPauseS: 0 } }],
  ];
  const rows = [['variant', 'WER', 'wrong flagged', 'right flagged', 'seconds']];
  for (const [name, options] of variants) {
    const started = performance.now();
    const scored = await score(files, async (wav) =>
      (await hearUtterances(wav, { language: 'en', ...options })).flatMap((u) => u.words),
    );
    const t = total(scored);
    const f = flags(scored);
    rows.push([
      name,
      pct(t.errors, t.words),
      pct(f.wrongFlagged, f.wrong),
      pct(f.rightFlagged, f.right),
      ((performance.now() - started) / 1000).toFixed(1),
    ]);
  }
  // NOTE: each file is one read sentence: the whole file is the reference's own cut.
  const whole = await score(files, async (wav) => {
    const info = await readWavInfo(wav);
    const audio = normaliseLevel(
      await readSpanSamples(wav, info, { start: 0, end: info.durationS }),
    );
    return tokensToWords(await decodeMoonshine(audio));
  });
  const t = total(whole);
  rows.push(['whole file as one utterance (ceiling)', pct(t.errors, t.words), '', '', '']);
  process.stdout.write('\nlevers (decision 0005), Moonshine tiny on the development set\n\n');
  printTable(rows);
}

async function printAnalysis(cache: string, work: string): Promise<void> {
  const minutes = Number(process.env.BENCH_MINUTES ?? 10);
  process.stderr.write(`bench: analysis of the ${minutes}-minute talk\n`);
  const video = await makeLongTalkingVideo({
    dir: cache,
    minutes,
    width: 1920,
    height: 1080,
    fps: 30,
  });
  const rows = [
    [
      'engine',
      'seconds',
      'x real time',
      'CPU seconds',
      'CPU x real time',
      'peak MB (analysis process + children)',
      'words',
    ],
  ];
  for (const engine of ['default', 'pocketsphinx']) {
    const child = join(import.meta.dirname, 'asr-analysis.child.ts');
    const args = [child, video.path, join(work, engine), engine];
    // NOTE: only the child's tree counts (peak.children): the bench holds the dev set's models.
    const [out, peak] = await withPeakRss(() => runNode(args));
    const result = JSON.parse(out) as {
      seconds: number;
      cpuSeconds: number;
      words: number;
      engine: string;
    };
    rows.push([
      result.engine,
      result.seconds.toFixed(1),
      (result.seconds / video.durationS).toFixed(3),
      result.cpuSeconds.toFixed(1),
      (result.cpuSeconds / video.durationS).toFixed(3),
      peak.children.toFixed(0),
      String(result.words),
    ]);
  }
  process.stdout.write(
    `\nwhole analysis of the ${minutes}-minute talk (targets <= 0.15x, <= 600 MB; load average ${loadavg()[0]!.toFixed(1)})\n\n`,
  );
  printTable(rows);
}

function runNode(args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolveRun(stdout);
    });
  });
}

export async function run(): Promise<void> {
  const dir = process.env.REALSPEECH_DIR ?? resolve(ROOT, '../shared/realspeech');
  const cache = join(ROOT, '.tmp/bench');
  const work = join(cache, `asr-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    if (!existsSync(join(dir, 'references.tsv'))) {
      process.stdout.write(`no development set at ${dir} (set REALSPEECH_DIR); WER skipped\n`);
    } else {
      const files = await prepareDevSet(dir, work);
      const transcriber = await createTranscriber(transcriberConfigFromEnv(process.env), 'en');
      process.stderr.write(
        `bench: ${transcriber.name} and pocketsphinx on ${files.length} files\n`,
      );
      const main = await score(files, (wav) => transcriber.transcribe(wav, { language: 'en' }));
      const sphinx = createPocketsphinxTranscriber();
      const baseline = await score(files, (wav) => sphinx.transcribe(wav, { language: 'en' }));
      printDevSet(transcriber.name, main, baseline);
      if (process.env.ASR_ABLATION === '1') await printAblation(files);
    }
    if (process.env.ASR_DEV_ONLY === '1') return;
    await printAnalysis(cache, work);
    await runWordTimes();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
