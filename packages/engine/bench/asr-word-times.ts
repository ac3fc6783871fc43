// Word-time quality of the aligner (`./roughcut bench asr` calls it): every word of the generated
// corpus of `./roughcut bench quality`, aligned from the corpus's own text, against flite's true
// phone times; and the aligner's speed on the 10-minute talk of `./roughcut bench engine`.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { alignUtterances } from '../src/align/align-words.ts';
import type { UtteranceText } from '../src/align/align-words.ts';
import { extractAudio } from '../src/audio/extract-audio.ts';
import { corpusWordTimes } from '../src/testing/flite-word-times.ts';
import type { TrueWord } from '../src/testing/flite-word-times.ts';
import { QUALITY_CORPUS, makeCorpusVideo } from '../src/testing/speech-corpus.ts';
import { makeLongTalkingVideo } from '../src/testing/test-media.ts';
import { transcribeWithMoonshine } from '../src/transcribe/moonshine-transcriber.ts';
import { wordKey } from '../src/transcribe/written-words.ts';
import type { TimedSentence } from '../src/testing/test-media.ts';
import type { Word } from '../src/types.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TARGET = { medianMs: 40, p95Ms: 120 };

/**
 * Utterances as the recogniser cuts them: sentences closer than `joinS` share one, and each
 * reaches `padS` into the pause beside it (the voice detector's edges are not exact either).
 */
export function sentenceUtterances(
  sentences: TimedSentence[],
  durationS: number,
  joinS = 0.5,
  padS = 0.2,
): UtteranceText[] {
  const groups: TimedSentence[][] = [];
  for (const s of sentences) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    if (last && previous && s.start - previous.end < joinS) last.push(s);
    else groups.push([s]);
  }
  return groups.map((group, i) => {
    const first = group[0]!;
    const last = group.at(-1)!;
    const before = groups[i - 1]?.at(-1)?.end ?? 0;
    const after = groups[i + 1]?.[0]?.start ?? durationS;
    return {
      start: Math.max(first.start - padS, (before + first.start) / 2),
      end: Math.min(last.end + padS, (last.end + after) / 2),
      words: group.flatMap((s) =>
        s.text
          .split(/\s+/)
          .filter(Boolean)
          .map((text) => ({ text, confidence: 1 })),
      ),
    };
  });
}

export type TimeErrors = { start: number[]; end: number[] };

/** Start and end errors (seconds) of aligned words against the truth, word for word. */
export function wordTimeErrors(aligned: Word[], truth: TrueWord[]): TimeErrors {
  if (aligned.length !== truth.length) {
    throw new Error(`aligned ${aligned.length} words for ${truth.length} true ones`);
  }
  return {
    start: aligned.map((w, i) => Math.abs(w.start - (truth[i]?.start ?? 0))),
    end: aligned.map((w, i) => Math.abs(w.end - (truth[i]?.end ?? 0))),
  };
}

/**
 * Pairs each recognised word with the true word it is (same letters, in order: a longest common
 * subsequence), so a recogniser's own text can be timed against the truth; the rest are misheard.
 */
export function pairWords(heard: readonly Word[], truth: readonly TrueWord[]): [Word, TrueWord][] {
  const a = heard.map((w) => wordKey(w.text));
  const b = truth.map((w) => wordKey(w.text));
  const table = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: [Word, TrueWord][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([heard[i++]!, truth[j++]!]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (s: number) => `${Math.round(s * 1000)}`;

function row(name: string, errors: TimeErrors, xRt: string): string {
  const cells = [
    name.padEnd(16),
    String(errors.start.length).padStart(5),
    ms(percentile(errors.start, 50)).padStart(10),
    ms(percentile(errors.start, 95)).padStart(9),
    ms(percentile(errors.end, 50)).padStart(9),
    ms(percentile(errors.end, 95)).padStart(9),
    xRt.padStart(8),
  ];
  return cells.join('  ');
}

/** CPU seconds of this process and its waited-for children (Linux; 0 elsewhere). */
async function cpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime (fields 14-17 of proc(5)), in clock ticks of 10 ms.
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100;
}

async function alignedTalkSpeed(work: string): Promise<string> {
  const minutes = Number(process.env.BENCH_MINUTES ?? 10);
  const video = await makeLongTalkingVideo({
    dir: join(ROOT, '.tmp/bench'),
    minutes,
    width: 1920,
    height: 1080,
    fps: 30,
  });
  const wav = join(work, 'talk.wav');
  await extractAudio(video.path, wav);
  const utterances = sentenceUtterances(video.sentences, video.durationS);
  const cpuBefore = await cpuSeconds();
  const started = performance.now();
  const words = await alignUtterances(wav, utterances);
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds()) - cpuBefore;
  // NOTE: CPU time too: on a shared machine the wall time says more about the neighbours.
  return `aligning the ${minutes}-minute talk (${utterances.length} utterances, ${words.length} words): ${seconds.toFixed(1)} s wall, ${(seconds / video.durationS).toFixed(4)}x real time; ${cpu.toFixed(1)} CPU s (${(cpu / video.durationS).toFixed(4)}x of one core)`;
}

export async function runWordTimes(): Promise<void> {
  const work = join(ROOT, '.tmp/bench', `asr-word-times-${process.pid}`);
  await mkdir(work, { recursive: true });
  const lines: string[] = [];
  const all: TimeErrors = { start: [], end: [] };
  const heardAll: TimeErrors = { start: [], end: [] };
  let trueWords = 0;
  try {
    for (const c of QUALITY_CORPUS) {
      const dir = join(work, c.name);
      process.stderr.write(`bench: word times ${c.name} (${c.voice}, x${c.stretch})\n`);
      const video = await makeCorpusVideo(c, dir);
      const wav = join(dir, 'audio.wav');
      await extractAudio(video.path, wav);
      const truth = (await corpusWordTimes(video, dir)).flat();
      const utterances = sentenceUtterances(video.sentences, video.durationS);
      const started = performance.now();
      const aligned = await alignUtterances(wav, utterances);
      const xRt = (performance.now() - started) / 1000 / video.durationS;
      const errors = wordTimeErrors(aligned, truth);
      all.start.push(...errors.start);
      all.end.push(...errors.end);
      lines.push(row(c.name, errors, xRt.toFixed(3)));
      // The whole path: Moonshine's own utterances and text, its matching words timed.
      const heard = await transcribeWithMoonshine(wav, { language: 'en' });
      const pairs = pairWords(heard, truth);
      heardAll.start.push(...pairs.map(([h, t]) => Math.abs(h.start - t.start)));
      heardAll.end.push(...pairs.map(([h, t]) => Math.abs(h.end - t.end)));
      trueWords += truth.length;
    }
    const header = [
      'case'.padEnd(16),
      'words',
      'start p50',
      'start p95',
      'end p50',
      'end p95',
      'x RT',
    ];
    process.stdout.write(
      `Word times (aligner, reference text) against flite's phone times, ms; target p50 <= ${TARGET.medianMs}, p95 <= ${TARGET.p95Ms}\n`,
    );
    process.stdout.write(
      `${[header[0], header[1]?.padStart(5), header[2]?.padStart(10), header[3]?.padStart(9), header[4]?.padStart(9), header[5]?.padStart(9), header[6]?.padStart(8)].join('  ')}\n`,
    );
    for (const line of lines) process.stdout.write(`${line}\n`);
    process.stdout.write(`${row('OVERALL', all, '')}\n`);
    process.stdout.write(
      `${row('recogniser text', heardAll, '')}   (Moonshine's utterances and words; ${heardAll.start.length} of ${trueWords} true words heard and timed)\n`,
    );
    process.stdout.write(`${await alignedTalkSpeed(work)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
