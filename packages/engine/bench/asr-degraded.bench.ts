// Degraded-copy bench: the real-speech development set (REALSPEECH_DIR, default
// /work/shared/realspeech) heard by the default English engine clean and through what a wider set
// brings: a telephone band, a noisy room, a quiet recording, and a quiet speaker right after a loud
// one. A check that speech detection and levelling hold for speech in general, not a tuning set.
// DEGRADED_CONDITIONS=clean,phone picks conditions; DEGRADED_VERBOSE=1 prints what was heard.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { extractAudio } from '../src/audio/extract-audio.ts';
import { runFfmpeg } from '../src/media/ffmpeg-runner.ts';
import { encodeWav, parseWav } from '../src/testing/wav.ts';
import { errorCount, wordErrors } from '../src/testing/word-errors.ts';
import { createTranscriber } from '../src/transcribe/index.ts';
import { transcriberConfigFromEnv } from '../src/languages/available-languages.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const RATE = 16_000;
const NOISE_SNR_DB = 10;
const QUIET_PEAK_DB = -40;
/** The known miss: a speaker peaking at -44 dBFS after a loud passage (decision 0005). */
const AFTER_LOUD_PEAK_DB = -44;
const LOUD_PEAK_DB = -1;
const LOUD_S = 6;
const LOUD_PAUSE_S = 0.3;

type Made = { samples: Float32Array; scoredFromS: number };
type Condition = {
  name: string;
  about: string;
  make: (clean: Float32Array, other: Float32Array, work: string) => Made | Promise<Made>;
};

const dbGain = (db: number) => 10 ** (db / 20);
const peak = (x: Float32Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
const scaleTo = (x: Float32Array, peakDb: number) => {
  const gain = dbGain(peakDb) / Math.max(peak(x), 1e-9);
  return x.map((v) => v * gain);
};

/** Mean power of the 10 ms frames within 30 dB of the loudest: the speech, without its pauses. */
function speechPower(x: Float32Array): number {
  const frame = RATE / 100;
  const powers: number[] = [];
  for (let i = 0; i + frame <= x.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += x[j]! * x[j]!;
    powers.push(sum / frame);
  }
  const active = powers.filter((p) => p >= Math.max(...powers) / 1000);
  return active.reduce((a, b) => a + b, 0) / Math.max(active.length, 1);
}

export async function readSamples(path: string): Promise<Float32Array> {
  return Float32Array.from(parseWav(await readFile(path)).samples, (s) => s / 32768);
}

export async function writeSamples(path: string, x: Float32Array): Promise<void> {
  const samples = Int16Array.from(x, (v) => Math.round(Math.max(-1, Math.min(1, v)) * 32767));
  await writeFile(path, encodeWav({ sampleRate: RATE, samples }));
}

async function throughFfmpeg(x: Float32Array, work: string, args: string[]): Promise<Float32Array> {
  const [src, out] = [join(work, 'ffmpeg-in.wav'), join(work, 'ffmpeg-out.wav')];
  await writeSamples(src, x);
  await runFfmpeg([
    '-y',
    ...args.map((a) => a.replace('{in}', src)),
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return (await readSamples(out)).subarray(0, x.length);
}

// NOTE: fixed filters and a seeded noise: the same copies every run.
export const CONDITIONS: Condition[] = [
  { name: 'clean', about: 'as recorded', make: (x) => ({ samples: x, scoredFromS: 0 }) },
  {
    name: 'phone',
    about: 'telephone band: 300-3400 Hz, through 8 kHz and back',
    make: async (x, _, work) => ({
      samples: await throughFfmpeg(x, work, [
        '-i',
        '{in}',
        '-af',
        'highpass=f=300:poles=2,highpass=f=300:poles=2,lowpass=f=3400:poles=2,lowpass=f=3400:poles=2,aresample=8000,aresample=16000',
      ]),
      scoredFromS: 0,
    }),
  },
  {
    name: `noise-${NOISE_SNR_DB}dB`,
    about: `pink noise ${NOISE_SNR_DB} dB below the speech (its level without pauses)`,
    make: async (x, _, work) => {
      const noise = await throughFfmpeg(new Float32Array(x.length), work, [
        '-f',
        'lavfi',
        '-i',
        `anoisesrc=color=pink:seed=19:amplitude=0.5:sample_rate=${RATE}:duration=${x.length / RATE}`,
      ]);
      const noisePower = noise.reduce((s, v) => s + v * v, 0) / noise.length;
      const gain = Math.sqrt(speechPower(x) / noisePower) * dbGain(-NOISE_SNR_DB);
      return { samples: x.map((v, i) => v + gain * (noise[i] ?? 0)), scoredFromS: 0 };
    },
  },
  {
    name: `quiet${QUIET_PEAK_DB}dB`,
    about: `peaks at ${QUIET_PEAK_DB} dBFS`,
    make: (x) => ({ samples: scaleTo(x, QUIET_PEAK_DB), scoredFromS: 0 }),
  },
  {
    name: 'after-loud',
    about:
      `peaks at ${AFTER_LOUD_PEAK_DB} dBFS, ${LOUD_PAUSE_S} s after ${LOUD_S} s of the next file ` +
      `at ${LOUD_PEAK_DB} dBFS (only words after the loud part are scored)`,
    make: (x, other) => {
      const loud = scaleTo(other.subarray(0, LOUD_S * RATE), LOUD_PEAK_DB);
      const start = loud.length + LOUD_PAUSE_S * RATE;
      const out = new Float32Array(start + x.length);
      out.set(loud);
      out.set(scaleTo(x, AFTER_LOUD_PEAK_DB), start);
      return { samples: out, scoredFromS: start / RATE };
    },
  },
];

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows)
    process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
}

export async function run(): Promise<void> {
  const dir = process.env.REALSPEECH_DIR ?? resolve(ROOT, '../shared/realspeech');
  if (!existsSync(join(dir, 'references.tsv'))) {
    process.stdout.write(`no development set at ${dir} (set REALSPEECH_DIR); skipped\n`);
    return;
  }
  const wanted = process.env.DEGRADED_CONDITIONS?.split(',');
  const conditions = CONDITIONS.filter((c) => !wanted || wanted.includes(c.name));
  const work = join(ROOT, `.tmp/bench/asr-degraded-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    const lines = (await readFile(join(dir, 'references.tsv'), 'utf8')).trim().split('\n');
    const files: { file: string; reference: string; clean: Float32Array }[] = [];
    for (const [file, reference] of lines.map((l) => l.split('\t'))) {
      if (!file || !reference) continue;
      const wav = join(work, 'extracted.wav');
      await extractAudio(join(dir, file), wav);
      files.push({ file, reference, clean: await readSamples(wav) });
    }
    const transcriber = await createTranscriber(transcriberConfigFromEnv(process.env), 'en');
    const words = files.map((f) => wordErrors(f.reference, []).reference);
    const errors = files.map(() => conditions.map(() => 0));
    for (const [c, condition] of conditions.entries()) {
      process.stderr.write(`bench: ${transcriber.name}, ${condition.name}\n`);
      for (const [i, f] of files.entries()) {
        // NOTE: the loud speaker is the next file's: real speech, never the sentence scored.
        const other = files[(i + 1) % files.length]!.clean;
        const made = await condition.make(f.clean, other, work);
        const wav = join(work, 'degraded.wav');
        await writeSamples(wav, made.samples);
        const heard = (await transcriber.transcribe(wav, { language: 'en' })).filter(
          (w) => w.end > made.scoredFromS,
        );
        errors[i]![c] = errorCount(
          wordErrors(
            f.reference,
            heard.map((w) => w.text),
          ),
        );
        if (process.env.DEGRADED_VERBOSE === '1') {
          process.stderr.write(`  ${f.file}: ${heard.map((w) => w.text).join(' ')}\n`);
        }
      }
    }
    const total = words.reduce((a, b) => a + b, 0);
    process.stdout.write(
      `\nWER of ${transcriber.name} on degraded copies of the development set\n` +
        conditions.map((c) => `  ${c.name}: ${c.about}\n`).join('') +
        '\n',
    );
    printTable([
      ['file', 'words', ...conditions.map((c) => c.name)],
      ...files.map((f, i) => [
        f.file,
        String(words[i]),
        ...conditions.map((_, c) => pct(errors[i]![c]!, words[i]!)),
      ]),
      [
        'OVERALL',
        String(total),
        ...conditions.map((_, c) =>
          pct(
            errors.reduce((n, e) => n + e[c]!, 0),
            total,
          ),
        ),
      ],
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
