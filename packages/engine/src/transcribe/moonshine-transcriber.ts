// The default English engine: Moonshine tiny on utterances cut at the voice detector's pauses, each
// brought to a steady level and decoded with a small beam; the words then get times from the
// aligner. See docs/decisions/0005-offline-transcription.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignEachUtterance } from '../align/align-words.ts';
import { separateHeardFillers } from '../align/aligned-fillers.ts';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import type { Span, TranscribeOptions, Transcriber, Word } from '../types.ts';
import type { WavInfo } from '../audio/wav-header.ts';
import { detectVoice } from '../vad/silero-vad.ts';
import { decodeMoonshine, loadMoonshine, moonshineEncoderPath } from './moonshine-model.ts';
import { shareEncoderWorkerWhenNeeded } from './moonshine-encoder-helper.ts';
import type { EncodedAudio, EncoderHelper } from './moonshine-encoder-helper.ts';
import type { DecodeOptions } from './moonshine-model.ts';
import { tokensToWords } from './moonshine-words.ts';
import type { HeardWord } from './moonshine-words.ts';
import { loadLexiconPrior } from './lexicon-prior.ts';
import { levelGain, normaliseLevel, readSpanSamples } from './utterance-audio.ts';
import { alignAsHeard } from './align-as-heard.ts';
import type { AsHeardAligner } from './align-as-heard.ts';
import { pocketsphinxConcurrency } from '../media/pocketsphinx-install.ts';
import { keepOwnWords, planUtterances } from './utterance-plan.ts';
import type { PlannedUtterance, UtteranceOptions } from './utterance-plan.ts';
import { readSpeechWavInfo } from '../audio/speech-wav.ts';

export type MoonshineOptions = {
  decode?: DecodeOptions;
  utterances?: Partial<UtteranceOptions>;
  /** Bring each utterance to a steady level first (default true; off only to measure it). */
  normalise?: boolean;
  /** Prefer hypotheses whose words the dictionary knows (default true; off only to measure it). */
  lexicon?: boolean;
  /** Encode the utterances on a worker thread, the next beside this one (default true). */
  encoderWorker?: boolean;
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

/** Told the plan before decoding starts and each utterance as soon as it is heard, in order. */
export type HearListener = {
  planned: (spans: PlannedUtterance[]) => Promise<void>;
  heard: (index: number, utterance: HeardUtterance) => Promise<void>;
};

/** What Moonshine hears in each utterance of a 16 kHz mono WAV, without word times. */
export async function hearUtterances(
  wavPath: string,
  options: TranscribeOptions & MoonshineOptions,
  listener?: HearListener,
): Promise<HeardUtterance[]> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError(signal);
  const info = await readSpeechWavInfo(wavPath, 'Moonshine');
  const [voice, energy] = await Promise.all([
    options.voice ?? detectVoice(wavPath, { signal }),
    options.energy ?? computeEnergyTrack(wavPath),
  ]);
  const prior =
    options.decode?.prior ?? (options.lexicon === false ? undefined : await loadLexiconPrior());
  const decode = { ...options.decode, ...(prior ? { prior } : {}) };
  onProgress?.(SHARE.voice);
  const spans = planUtterances(voice, energy, info.durationS, options.utterances);
  await listener?.planned(spans);
  const total = spans.reduce((s, u) => s + u.end - u.start, 0);
  let done = 0;
  const heard: HeardUtterance[] = [];
  // NOTE: the next utterance is read, and encoded on the worker, while this one is decoded.
  // NOTE: always, even for one utterance: this thread then never opens the encoder (125 MB, and
  // seconds of compiling that give a job's heartbeat no turn).
  const helper =
    spans.length && options.encoderWorker !== false
      ? shareEncoderWorkerWhenNeeded(moonshineEncoderPath())
      : undefined;
  const prepare = (span: PlannedUtterance) => {
    const prepared = prepareUtterance({ wavPath, info, span, options, helper });
    // NOTE: it is awaited on the next turn of the loop; a failure meanwhile must not go unhandled.
    prepared.catch(() => undefined);
    return prepared;
  };
  try {
    let next = spans[0] && prepare(spans[0]);
    for (const [i, span] of spans.entries()) {
      if (signal?.aborted) throw abortError(signal);
      const { samples, gain, stored, encoded } = await next!;
      next = spans[i + 1] && prepare(spans[i + 1]!);
      let words: HeardWord[];
      if (stored) {
        words = stored.map((w) => ({ text: w.text, confidence: w.confidence }));
      } else {
        words = tokensToWords(await decodeMoonshine(samples, decode, await encoded));
        if (signal?.aborted) throw abortError(signal);
        // NOTE: times are the aligner's, made again on a retry; a stored word carries its
        // utterance's.
        await options.chunkStore?.save(
          utteranceKey(span),
          words.map((w) => ({ ...w, start: span.start, end: span.end })),
        );
      }
      heard.push({ ...span, words, gain });
      await listener?.heard(heard.length - 1, heard.at(-1)!);
      done += span.end - span.start;
      onProgress?.(SHARE.voice + (SHARE.decode * done) / Math.max(total, 1e-9));
    }
  } finally {
    await helper?.stop();
  }
  return heard;
}

type Prepared = {
  /** The utterance's samples at the level it is heard at. */
  samples: Float32Array;
  gain: number;
  stored: readonly { text: string; confidence: number }[] | undefined;
  /** The encoder's states from the worker, or undefined (the main thread encodes). */
  encoded: Promise<EncodedAudio | undefined> | undefined;
};

async function prepareUtterance(job: {
  wavPath: string;
  info: WavInfo;
  span: PlannedUtterance;
  options: MoonshineOptions & TranscribeOptions;
  helper: EncoderHelper | undefined;
}): Promise<Prepared> {
  const { span, options, helper } = job;
  const stored = await options.chunkStore?.load(utteranceKey(span));
  const raw = await readSpanSamples(job.wavPath, job.info, span);
  const gain = options.normalise === false ? 1 : levelGain(raw);
  const samples = stored ? raw : normaliseLevel(raw, gain);
  return { samples, gain, stored, encoded: stored ? undefined : helper?.encode(samples) };
}

/** Transcribes a 16 kHz mono WAV: Moonshine's words with the aligner's times. */
export async function transcribeWithMoonshine(
  wavPath: string,
  options: TranscribeOptions & MoonshineOptions,
): Promise<Word[]> {
  const { signal } = options;
  const dir = await mkdtemp(join(tmpdir(), 'roughcut-moonshine-'));
  let aligner: AsHeardAligner<HeardUtterance> | undefined;
  try {
    const info = await readWavInfo(wavPath);
    const cores = pocketsphinxConcurrency();
    // NOTE: the aligner also hears the hesitations Moonshine leaves out (decision 0007).
    const alignOne = (levelled: string, u: HeardUtterance, stop: AbortSignal) =>
      alignEachUtterance(levelled, [u], { signal: stop, fillers: true }).then((w) => w[0] ?? []);
    const heard = await hearUtterances(wavPath, options, {
      planned: async (spans) => {
        aligner = await alignAsHeard(wavPath, info, spans, join(dir, 'levelled.wav'), alignOne, {
          whileHearing: Math.max(1, cores - 1),
          afterHearing: cores,
          ...(signal ? { signal } : {}),
        });
      },
      heard: (index, u) => aligner!.heard(index, u),
    });
    const aligned = await aligner!.finish();
    aligner = undefined;
    const pieces = heard.map((u, i) => ({ ...u, words: aligned[i] ?? [] }));
    options.onProgress?.(1);
    const { words, fillers } = separateHeardFillers(keepOwnWords(pieces));
    options.onFillers?.(fillers);
    return words;
  } catch (error) {
    await aligner?.stop(error);
    throw error;
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
