// Word retention by an independent recogniser run, made fair: every true sentence is taken, with
// the quiet kept around it, from the source and from the rendered long form, and each set is laid
// end to end with the same silences between. One recogniser run hears each set, so the only
// difference between the two is what the cut (and the render) did to each sentence's audio.
// NOTE: pocketsphinx hears the same words differently after a longer or shorter lead of quiet, so
// windows of unequal quiet made 2 of 29 words differ on an untouched sentence.
import { readFile, writeFile } from 'node:fs/promises';
import { extractAudio } from '../audio/extract-audio.ts';
import { createPocketsphinxTranscriber } from '../transcribe/pocketsphinx-transcriber.ts';
import type { Span } from '../types.ts';
import { wordRetention } from './quality-metrics.ts';
import { encodeWav, parseWav } from './wav.ts';
import type { Pcm } from './wav.ts';

/** A source time's place in the output, which plays the kept spans back to back. */
export function toOutputTime(t: number, keep: readonly Span[]): number {
  let out = 0;
  for (const k of keep) {
    if (t <= k.start) return out;
    if (t < k.end) return out + t - k.start;
    out += k.end - k.start;
  }
  return out;
}

/** The given spans of `pcm`, each followed by `silenceS` of digital silence. */
export function layEndToEnd(pcm: Pcm, spans: readonly Span[], silenceS = 1): Pcm {
  const rate = pcm.sampleRate;
  const pieces = spans.map((s) =>
    pcm.samples.subarray(Math.max(0, Math.round(s.start * rate)), Math.round(s.end * rate)),
  );
  const gap = Math.round(silenceS * rate);
  const samples = new Int16Array(pieces.reduce((n, p) => n + p.length + gap, gap));
  let at = gap;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length + gap;
  }
  return { sampleRate: rate, samples };
}

/**
 * Each sentence with the quiet the long form kept around it (at most `marginS`, never into a
 * neighbour). Where the cut clipped a sentence, its source window still holds the whole sentence,
 * so the clipped words are missed in the output.
 */
export function sentenceWindows(
  speech: readonly Span[],
  durationS: number,
  keep: readonly Span[] = [{ start: 0, end: durationS }],
  marginS = 0.25,
): Span[] {
  return speech.map((s, i) => {
    const before = i > 0 ? (s.start - speech[i - 1]!.end) / 2 : s.start;
    const after = i < speech.length - 1 ? (speech[i + 1]!.start - s.end) / 2 : durationS - s.end;
    const kept = keep.filter((k) => k.start < s.end && k.end > s.start);
    const keptStart = Math.min(s.start, ...kept.map((k) => k.start));
    const keptEnd = Math.max(s.end, ...kept.map((k) => k.end));
    return {
      start: Math.max(0, s.start - Math.min(marginS, before), keptStart),
      end: Math.min(durationS, s.end + Math.min(marginS, after), keptEnd),
    };
  });
}

async function hear(pcm: Pcm, wavPath: string): Promise<string[]> {
  await writeFile(wavPath, encodeWav(pcm));
  const words = await createPocketsphinxTranscriber().transcribe(wavPath, { language: 'en' });
  return words.map((w) => w.text);
}

export type RetentionResult = {
  heard: number;
  retained: number;
  source: string[];
  output: string[];
};

/** Words heard in the source's sentences, and how many are heard again in the output's. */
export async function measureWordRetention(o: {
  sourcePath: string;
  outputPath: string;
  speech: readonly Span[];
  durationS: number;
  keep: readonly Span[];
  workDir: string;
}): Promise<RetentionResult> {
  const sourceWav = `${o.workDir}/retention-source.wav`;
  const outputWav = `${o.workDir}/retention-output.wav`;
  await Promise.all([extractAudio(o.sourcePath, sourceWav), extractAudio(o.outputPath, outputWav)]);
  const windows = sentenceWindows(o.speech, o.durationS, o.keep);
  const mapped = windows.map((w) => ({
    start: toOutputTime(w.start, o.keep),
    end: toOutputTime(w.end, o.keep),
  }));
  const [sourcePcm, outputPcm] = await Promise.all([
    readFile(sourceWav).then(parseWav),
    readFile(outputWav).then(parseWav),
  ]);
  const [source, output] = await Promise.all([
    hear(layEndToEnd(sourcePcm, windows), `${o.workDir}/retention-source-set.wav`),
    hear(layEndToEnd(outputPcm, mapped), `${o.workDir}/retention-output-set.wav`),
  ]);
  const retention = wordRetention(source, output);
  return { heard: source.length, retained: Math.round(retention * source.length), source, output };
}
