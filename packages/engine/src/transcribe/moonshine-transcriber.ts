// The default English engine: Moonshine tiny on utterances cut at the voice detector's pauses, each
// brought to a steady level and decoded with a small beam; the words then get times from the
// aligner. See docs/decisions/0005-offline-transcription.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignUtterances } from '../align/align-words.ts';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import type { Span, TranscribeOptions, Transcriber, Word } from '../types.ts';
import { detectVoice } from '../vad/silero-vad.ts';
import { decodeMoonshine, loadMoonshine } from './moonshine-model.ts';
import type { DecodeOptions } from './moonshine-model.ts';
import { tokensToWords } from './moonshine-words.ts';
import type { HeardWord } from './moonshine-words.ts';
import { levelGain, normaliseLevel, readSpanSamples, writeLevelledWav } from './utterance-audio.ts';
import { keepOwnWords, planUtterances } from './utterance-plan.ts';
import type { PlannedUtterance, UtteranceOptions } from './utterance-plan.ts';
import { readSpeechWavInfo } from './speech-wav.ts';

export type MoonshineOptions = {
  decode?: DecodeOptions;
  utterances?: Partial<UtteranceOptions>;
  /** Bring each utterance to a steady level first (default true; off only to measure it). */
  normalise?: boolean;
};

export type HeardUtterance = PlannedUtterance & {
  words: HeardWord[];
  /** The gain the utterance was brought to its level with (1 when not normalised). */
  gain: number;
};

// NOTE: shares of the wall time: the voice detector and the aligner are small beside decoding.
const SHARE = { voice: 0.08, decode: 0.82 } as const;

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** A finished utterance's name in a TranscriptChunkStore (safe in a file name). */
export const utteranceKey = (span: Span): string =>
  `moonshine-${span.start.toFixed(3)}-${span.end.toFixed(3)}`;

/** What Moonshine hears in each utterance of a 16 kHz mono WAV, without word times. */
export async function hearUtterances(
  wavPath: string,
  options: TranscribeOptions & MoonshineOptions,
): Promise<HeardUtterance[]> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError(signal);
  const info = await readSpeechWavInfo(wavPath, 'Moonshine');
  const [voice, energy] = await Promise.all([
    options.voice ?? detectVoice(wavPath, { signal }),
    computeEnergyTrack(wavPath),
  ]);
  onProgress?.(SHARE.voice);
  const spans = planUtterances(voice, energy, info.durationS, options.utterances);
  const total = spans.reduce((s, u) => s + u.end - u.start, 0);
  let done = 0;
  const heard: HeardUtterance[] = [];
  for (const span of spans) {
    if (signal?.aborted) throw abortError(signal);
    const key = utteranceKey(span);
    const stored = await options.chunkStore?.load(key);
    let words: HeardWord[];
    const samples = await readSpanSamples(wavPath, info, span);
    const gain = options.normalise === false ? 1 : levelGain(samples);
    if (stored) {
      words = stored.map((w) => ({ text: w.text, confidence: w.confidence }));
    } else {
      words = tokensToWords(await decodeMoonshine(normaliseLevel(samples, gain), options.decode));
      if (signal?.aborted) throw abortError(signal);
      // NOTE: times are the aligner's, made again on a retry; a stored word carries its utterance's.
      await options.chunkStore?.save(
        key,
        words.map((w) => ({ ...w, start: span.start, end: span.end })),
      );
    }
    heard.push({ ...span, words, gain });
    done += span.end - span.start;
    onProgress?.(SHARE.voice + (SHARE.decode * done) / Math.max(total, 1e-9));
  }
  return heard;
}

/** Transcribes a 16 kHz mono WAV: Moonshine's words with the aligner's times. */
export async function transcribeWithMoonshine(
  wavPath: string,
  options: TranscribeOptions & MoonshineOptions,
): Promise<Word[]> {
  const heard = await hearUtterances(wavPath, options);
  const dir = await mkdtemp(join(tmpdir(), 'roughcut-moonshine-'));
  try {
    const levelled = join(dir, 'levelled.wav');
    await writeLevelledWav(wavPath, await readWavInfo(wavPath), heard, levelled);
    const aligned = await alignUtterances(levelled, heard, { signal: options.signal });
    // NOTE: the aligner gives one word per heard word, in order: cut back into utterances.
    let at = 0;
    const pieces = heard.map((u) => {
      const words = aligned.slice(at, at + u.words.length);
      at += u.words.length;
      return { ...u, words };
    });
    options.onProgress?.(1);
    return keepOwnWords(pieces);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** True when the model files are installed and load in this process. */
export async function isMoonshineUsable(): Promise<boolean> {
  return loadMoonshine().then(
    () => true,
    () => false,
  );
}

export function createMoonshineTranscriber(options: MoonshineOptions = {}): Transcriber {
  return {
    name: 'moonshine',
    languages: async () => ((await isMoonshineUsable()) ? ['en'] : []),
    transcribe: (wavPath, transcribeOptions) =>
      transcribeWithMoonshine(wavPath, { ...options, ...transcribeOptions }),
  };
}
