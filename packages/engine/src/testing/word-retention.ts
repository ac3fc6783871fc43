// Word retention by an independent recogniser run, made fair: every true sentence is taken, with
// the quiet kept around it, from the source and from the rendered long form, and the words heard
// right in the source (those that align with the spoken text) are looked for in the output.
// `repeat` is the same figure for the source against a reference: the source rendered through the
// same long-form path with nothing cut, one decode and encode from the source like the output. It
// is what the recogniser itself repeats when nothing is cut.
// Two recognisers hear them:
// - Moonshine tiny (testing/moonshine-recogniser.ts), independent of the analysis, hears each
//   sentence alone, three times (see hearEach). Its figure is the one the target is for.
// - pocketsphinx, the analysis's own recogniser, hears each set laid end to end with the same
//   silences between.
// NOTE: neither recogniser hears identical speech identically: after one more AAC generation, or
// with a few ms more quiet before a sentence, words change (pocketsphinx on the 8 kHz voice kal: 30
// of 37; Moonshine over a music bed heard "Keep every word and" in the reference and "Keep
// everywhere then" in the source, 45 dB of codec noise apart). So only words heard right in the
// source count: a word misheard there and heard differently in the output is the recogniser's
// variance, not speech lost. "Speech kept" (ground truth) is the measure of clipping.
import { readFile, writeFile } from 'node:fs/promises';
import { extractAudio } from '../audio/extract-audio.ts';
import { createPocketsphinxTranscriber } from '../transcribe/pocketsphinx-transcriber.ts';
import { hearUtterance, pcmToFloat } from './moonshine-recogniser.ts';
import type { EngineClip } from '../edit/clips.ts';
import { renderEngineClip } from '../render/engine-clip.ts';
import { renderedSpans } from '../frames/spans.ts';
import type { ProbeResult, Span } from '../types.ts';
import { alignedIndices, alignedWords, commonWords, wordRetention } from './quality-metrics.ts';
import { encodeWav, parseWav } from './wav.ts';
import type { Pcm } from './wav.ts';
import type { TalkingVideo } from './test-media.ts';

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

/** Leading quiet (s) before each hearing of a sentence: three frame grids for the recogniser. */
const HEARING_LEADS = [0, 0.01, 0.02];

/** The hearing that agrees most with the others (most words in common, summed). */
export function consensusHearing(hearings: readonly string[][]): string[] {
  let best = hearings[0] ?? [];
  let bestScore = -1;
  for (const h of hearings) {
    const score = hearings.reduce((n, other) => n + (other === h ? 0 : commonWords(h, other)), 0);
    if (score > bestScore) [best, bestScore] = [h, score];
  }
  return best;
}

/** Each span of `pcm` heard alone by Moonshine, three times, each after a little more quiet. */
async function hearEach(pcm: Pcm, spans: readonly Span[]): Promise<string[][][]> {
  const heard: string[][][] = [];
  for (const s of spans) {
    const part = pcmToFloat(
      pcm.samples.subarray(
        Math.max(0, Math.round(s.start * pcm.sampleRate)),
        Math.round(s.end * pcm.sampleRate),
      ),
    );
    const hearings: string[][] = [];
    for (const lead of HEARING_LEADS) {
      const audio = new Float32Array(Math.round(lead * pcm.sampleRate) + part.length);
      audio.set(part, audio.length - part.length);
      hearings.push((await hearUtterance(audio)).split(/\s+/).filter(Boolean));
    }
    heard.push(hearings);
  }
  return heard;
}

export type RetentionCount = { heard: number; retained: number };

export type RecogniserRetention = RetentionCount & {
  source: string[];
  output: string[];
  /** The recogniser's repeatability on uncut audio: source heard, and again in the reference. */
  repeat: RetentionCount;
};

/** Words heard right in the source's sentences, and how many are heard again in the output's. */
export type RetentionResult = {
  moonshine: RecogniserRetention & {
    /** The same over every word its consensus heard right in the source, not only the words every
     * hearing heard right. */
    allHeard: RetentionCount;
  };
  pocketsphinx: RecogniserRetention;
};

/** Of the words heard right in `first` (aligned with the spoken `truth`), those heard again. */
function count(
  first: readonly string[],
  again: readonly string[],
  truth: readonly string[],
): RetentionCount {
  const right = alignedWords(first, truth);
  return { heard: right.length, retained: Math.round(wordRetention(right, again) * right.length) };
}

/** `count` sentence by sentence, summed. */
function countEach(
  first: readonly string[][],
  again: readonly string[][],
  truth: readonly string[][],
): RetentionCount {
  const each = first.map((words, i) => count(words, again[i] ?? [], truth[i] ?? []));
  return {
    heard: each.reduce((n, c) => n + c.heard, 0),
    retained: each.reduce((n, c) => n + c.retained, 0),
  };
}

/**
 * Sentence by sentence, the spoken words that every hearing of the source heard right, and how many
 * of them `again` (one hearing a sentence, a consensus) heard right too.
 * NOTE: over a music bed Moonshine flips on some words with a few ms of shift or one more AAC
 * generation ("Keep every word and" / "Keep everywhere then", on audio 45 dB of codec noise apart):
 * such a word is not one it hears in the source, so it is not counted either way. A word that the
 * cut removed is heard in every hearing of the source and in none of the output.
 */
export function countSteady(
  source: readonly string[][][],
  again: readonly string[][],
  truth: readonly string[][],
): RetentionCount {
  let heard = 0;
  let retained = 0;
  source.forEach((hearings, i) => {
    const spoken = truth[i] ?? [];
    const sets = hearings.map((h) => new Set(alignedIndices(h, spoken)));
    const steady = [...(sets[0] ?? [])].filter((j) => sets.every((set) => set.has(j)));
    const heardAgain = new Set(alignedIndices(again[i] ?? [], spoken));
    heard += steady.length;
    retained += steady.filter((j) => heardAgain.has(j)).length;
  });
  return { heard, retained };
}

/** Words heard in the sentences of the source, and again in the output's. */
export async function measureWordRetention(o: {
  /** The source, with what is said in it and where. */
  video: TalkingVideo;
  /** The clip as rendered: the reference is it again with nothing cut (the source's timeline). */
  clip: EngineClip;
  probe: ProbeResult;
  outputPath: string;
  keep: readonly Span[];
  workDir: string;
}): Promise<RetentionResult> {
  const { video } = o;
  const sentences = video.sentences.map((s) => s.text.split(/\s+/));
  const truth = sentences.flat();
  const wav = (name: string) => `${o.workDir}/retention-${name}.wav`;
  // NOTE: the uncut control for `repeat`: one decode and encode from the source, like the output.
  const referencePath = `${o.workDir}/retention-reference.mp4`;
  await renderEngineClip(video.path, {
    clip: o.clip,
    probe: o.probe,
    outPath: referencePath,
    removeGaps: [],
    subtitles: null,
  });
  await Promise.all([
    extractAudio(video.path, wav('source')),
    extractAudio(referencePath, wav('reference')),
    extractAudio(o.outputPath, wav('output')),
  ]);
  // NOTE: the render cuts on frame boundaries, up to half a frame from the kept spans' own times;
  // mapped through the kept spans, an output window began 20 ms into a sentence ("Keep" was heard
  // "Deep"), so the windows follow the spans as rendered.
  const cut = renderedSpans(o.keep, o.probe);
  const windows = sentenceWindows(video.speechSpans, video.durationS, cut);
  const mapped = windows.map((w) => ({
    start: toOutputTime(w.start, cut),
    end: toOutputTime(w.end, cut),
  }));
  const pcm = (name: string) => readFile(wav(name)).then(parseWav);
  const [sourcePcm, referencePcm, outputPcm] = await Promise.all(
    ['source', 'reference', 'output'].map(pcm),
  );
  // NOTE: one after another: each recogniser run already uses a core.
  const source = await hear(layEndToEnd(sourcePcm!, windows), wav('source-set'));
  const reference = await hear(layEndToEnd(referencePcm!, windows), wav('reference-set'));
  const output = await hear(layEndToEnd(outputPcm!, mapped), wav('output-set'));
  const each = {
    source: await hearEach(sourcePcm!, windows),
    reference: await hearEach(referencePcm!, windows),
    output: await hearEach(outputPcm!, mapped),
  };
  const agreed = {
    source: each.source.map(consensusHearing),
    reference: each.reference.map(consensusHearing),
    output: each.output.map(consensusHearing),
  };
  return {
    moonshine: {
      ...countSteady(each.source, agreed.output, sentences),
      allHeard: countEach(agreed.source, agreed.output, sentences),
      source: agreed.source.flat(),
      output: agreed.output.flat(),
      repeat: countSteady(each.source, agreed.reference, sentences),
    },
    pocketsphinx: {
      ...count(source, output, truth),
      source,
      output,
      repeat: count(source, reference, truth),
    },
  };
}
