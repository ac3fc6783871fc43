// Engine bench: RTF of every analysis stage on a generated 10-minute 1080p30 talking video, smart
// cut vs full encode, our gap cut vs an ffmpeg silenceremove one-liner, a 60 s short clip, peak RSS.
// BENCH_MINUTES changes the length (e.g. 2 for a quick run, or to check memory is flat in length).
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_DRAW_SETTINGS, clipKeptSpans } from '@roughcut/shared';
import { computeEnergyTrack } from '../src/audio/energy-track.ts';
import { extractAudio } from '../src/audio/extract-audio.ts';
import { makeLongFormClip, makeShortClips } from '../src/edit/clips.ts';
import { groupPhrases } from '../src/edit/phrases.ts';
import { buildSegments, findGaps } from '../src/edit/segments.ts';
import { runFfmpeg, runFfprobe } from '../src/media/ffmpeg-runner.ts';
import { probeMedia } from '../src/media/probe.ts';
import { renderLongForm } from '../src/render/long-form.ts';
import { renderShortClip } from '../src/render/short-clip.ts';
import { makeLongTalkingVideo } from '../src/testing/test-media.ts';
import { createTranscriber } from '../src/transcribe/index.ts';
import { transcriberConfigFromEnv } from '../src/languages/available-languages.ts';
import { detectVoice } from '../src/vad/silero-vad.ts';
import { gatherSpeechEvidence } from '../src/vad/speech-evidence.ts';
import { withPeakRss } from './peak-rss.ts';
import type { PeakRss } from './peak-rss.ts';

type Row = { what: string; seconds: number; rtf?: number; target?: string; note?: string };

const ROOT = resolve(import.meta.dirname, '../../..');

async function timed<T>(work: () => Promise<T>): Promise<[T, number, PeakRss]> {
  const start = performance.now();
  const [result, peak] = await withPeakRss(work);
  return [result, (performance.now() - start) / 1000, peak];
}

type WholeAnalysis = { seconds: number; cpuSeconds: number; words: number };

function analyseInOwnProcess(video: string, work: string): Promise<WholeAnalysis> {
  const child = join(import.meta.dirname, 'asr-analysis.child.ts');
  const args = [child, video, join(work, 'whole'), 'default'];
  return new Promise((done, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else done(JSON.parse(stdout) as WholeAnalysis);
    });
  });
}

async function outputDuration(path: string): Promise<number> {
  const out = await runFfprobe(['-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(out.trim());
}

function printTable(rows: Row[]): void {
  const lines = [
    ['stage', 'seconds', 'x real time', 'target', 'note'],
    ...rows.map((r) => [
      r.what,
      r.seconds.toFixed(1),
      r.rtf === undefined ? '' : r.rtf.toFixed(3),
      r.target ?? '',
      r.note ?? '',
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines) {
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
  }
}

export async function run(): Promise<void> {
  const minutes = Number(process.env.BENCH_MINUTES ?? 10);
  const cache = join(ROOT, '.tmp/bench');
  const work = join(cache, `engine-${process.pid}`);
  await mkdir(work, { recursive: true });
  const rows: Row[] = [];
  const peaks: Record<string, PeakRss> = {};
  const most = (...all: PeakRss[]): PeakRss => ({
    tree: Math.max(...all.map((p) => p.tree)),
    children: Math.max(...all.map((p) => p.children)),
  });
  try {
    process.stderr.write(`bench: preparing a ${minutes}-minute 1080p30 talking video (cached)\n`);
    const video = await makeLongTalkingVideo({
      dir: cache,
      minutes,
      width: 1920,
      height: 1080,
      fps: 30,
    });
    const input = video.path;
    const d = video.durationS;
    const stage = (what: string, seconds: number, note?: string, target?: string) => {
      rows.push({ what, seconds, rtf: seconds / d, note, target });
      // Each figure as soon as it is known, so an interrupted run still reports something.
      process.stderr.write(
        `bench: ${what}: ${seconds.toFixed(1)} s (${(seconds / d).toFixed(3)}x)\n`,
      );
    };

    process.stderr.write('bench: analysis stages\n');
    const [probe, probeS, probePeak] = await timed(() => probeMedia(input, { keyframes: true }));
    stage('probe (+packet scan, keyframes)', probeS);
    const wav = join(work, 'audio.wav');
    const [, audioS, audioPeak] = await timed(() => extractAudio(input, wav, { durationS: d }));
    stage('audio extraction (16 kHz mono)', audioS);
    const [energy, energyS, energyPeak] = await timed(() => computeEnergyTrack(wav));
    stage('energy track', energyS);
    const [voiceTrack, vadS, vadPeak] = await timed(() => detectVoice(wav));
    stage('voice activity (Silero VAD, wasm)', vadS, 'runs beside transcription in analyseVideo');
    const config = transcriberConfigFromEnv(process.env);
    const [[words, engine], asrS, asrPeak] = await timed(async () => {
      const transcriber = await createTranscriber(config, 'en');
      return [await transcriber.transcribe(wav, { language: 'en' }), transcriber.name] as const;
    });
    stage(`transcription (${engine})`, asrS, `${words.length} words`);
    const [result, editS, editPeak] = await timed(() => {
      const evidence = gatherSpeechEvidence({ voice: voiceTrack, energy, words, durationS: d });
      const phrases = buildSegments(groupPhrases(evidence.words, { maxWords: 5 }), evidence);
      const gaps = findGaps(evidence.regions, d);
      return Promise.resolve({
        phrases,
        gaps,
        long: makeLongFormClip(phrases, d),
        shorts: makeShortClips(phrases, d, energy),
      });
    });
    stage(
      'phrases + gaps + clips',
      editS,
      `${result.gaps.length} gaps, ${result.shorts.length} shorts`,
    );
    const analysisS = probeS + audioS + energyS + vadS + asrS + editS;
    stage('ANALYSIS TOTAL', analysisS, 'stages one after another', '<= 0.25x');
    peaks.analysis = most(probePeak, audioPeak, energyPeak, vadPeak, asrPeak, editPeak);
    // NOTE: the target is analyseVideo's, which overlaps stages: run it as a job process would,
    // fresh (models opened inside), and count its CPU too, the figure a loaded machine leaves fair.
    const [whole, wholeS, wholePeak] = await timed(() => analyseInOwnProcess(input, work));
    stage(
      'analyseVideo as a whole (own process)',
      wholeS,
      `${whole.cpuSeconds.toFixed(1)} CPU s (${(whole.cpuSeconds / d).toFixed(3)}x), load ${loadavg()[0]!.toFixed(1)}, ${whole.words} words`,
      '<= 0.12x',
    );
    peaks.whole = { tree: wholePeak.children, children: wholePeak.children };

    process.stderr.write('bench: long-form renders\n');
    const keep = clipKeptSpans({ start: 0, end: d }, result.gaps);
    const keptS = keep.reduce((s, k) => s + k.end - k.start, 0);
    const smartOut = join(work, 'long-smart.mp4');
    const [smart, smartS, smartPeak] = await timed(() =>
      renderLongForm(input, { outPath: smartOut, keep, probe, smartCut: true }),
    );
    stage(
      `long form ${smart.method}`,
      smartS,
      `out ${(await outputDuration(smartOut)).toFixed(2)} s of ${keptS.toFixed(2)} s kept`,
      '<= 0.1x',
    );
    const fullOut = join(work, 'long-full.mp4');
    const [, fullS, fullPeak] = await timed(() =>
      renderLongForm(input, { outPath: fullOut, keep, probe, smartCut: false }),
    );
    stage(
      'long form full re-encode',
      fullS,
      `out ${(await outputDuration(fullOut)).toFixed(2)} s; smart cut ${(fullS / smartS).toFixed(1)}x faster`,
      'smart cut >= 8x faster',
    );
    peaks.render = most(smartPeak, fullPeak);

    const silOut = join(work, 'silenceremove.mp4');
    // NOTE: silenceremove can only cut the sound; copying the picture keeps the shared CPU free.
    // prettier-ignore
    const silenceRemove = [
      '-i', input, '-af', 'silenceremove=stop_periods=-1:stop_duration=0.3:stop_threshold=-40dB',
      '-c:v', 'copy', '-c:a', 'aac', silOut,
    ];
    const [, silS] = await timed(() => runFfmpeg(silenceRemove));
    const silInfo = await runFfprobe([
      '-show_entries',
      'stream=codec_type,duration',
      '-of',
      'csv=p=0',
      silOut,
    ]);
    stage(
      'ffmpeg silenceremove one-liner',
      silS,
      `streams ${silInfo.trim().split('\n').join(' / ')}: audio cut, video NOT cut (out of sync)`,
    );

    process.stderr.write('bench: 60 s short clip\n');
    const shortKeep = clipKeptSpans(
      { start: Math.min(60, d / 4), end: Math.min(60, d / 4) + 60 },
      result.gaps,
    );
    const [, shortS, shortPeak] = await timed(() =>
      renderShortClip(input, {
        outPath: join(work, 'short.mp4'),
        keep: shortKeep,
        probe,
        subtitles: { segments: result.phrases, settings: DEFAULT_DRAW_SETTINGS },
      }),
    );
    rows.push({
      what: '60 s window short clip (1080x1920, subtitles)',
      seconds: shortS,
      target: '<= 20 s',
    });
    peaks.short = shortPeak;

    process.stdout.write(
      `\nengine bench: ${minutes} min 1080p30 talking video (${d.toFixed(0)} s)\n`,
    );
    process.stdout.write('NOTE: 2 shared cores; other work on the machine inflates the times.\n\n');
    printTable(rows);
    process.stdout.write(
      `\npeak RSS, node + children (MB): ${Object.entries(peaks)
        .map(([k, v]) => `${k} ${v.tree.toFixed(0)}`)
        .join(', ')}\n` +
        `peak RSS, child processes only (MB): ${Object.entries(peaks)
          .map(([k, v]) => `${k} ${v.children.toFixed(0)}`)
          .join(', ')}\n`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
