// Moonshine tiny (MIT, English, 27 M parameters): its quantised weights ship inside the
// @moonshine-ai/moonshine-js npm package and run on the onnxruntime-web build the voice detector
// already uses, so nothing is downloaded at install or run time. Text only: word times come from
// the aligner. See docs/decisions/0005-offline-transcription.md.
// NOTE: only the package's model files are used (its browser code is not loaded); the root
// package.json's overrides keep its unused browser dependencies out of the install.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { openSession, ort } from '../onnx/onnx-runtime.ts';
import { EngineError } from '../types.ts';
import { bestBeam, logSoftmax, loopCut, stepBeams } from './beam-search.ts';
import type { Beam, BeamToken } from './beam-search.ts';
import { caseFoldedProbability } from './moonshine-words.ts';
import { collectGarbage, collectYoungGarbage } from './collect-garbage.ts';
import { giveEventLoopATurn } from '../onnx/event-loop-turn.ts';

export const MOONSHINE_SAMPLE_RATE = 16_000;
const START_TOKEN = 1;
export const END_TOKEN = 2;
/** Moonshine tiny's decoder: 6 layers of 8 key/value heads of 36 dimensions. */
const LAYERS = 6;
const HEADS = 8;
const HEAD_DIM = 36;

export type DecodeOptions = {
  /** Hypotheses kept per step; 1 is greedy decoding. */
  beam?: number;
  /** Length normalisation of finished hypotheses (score / length^alpha). */
  alpha?: number;
  /** Tokens allowed per second of audio (speech runs at 3-5; a loop stops here). */
  tokensPerS?: number;
  /**
   * Hypotheses (live or ended) this many nats behind the step's best continuation are dropped
   * (Infinity: none). WARNING: check the bench talk's word count (1370) with any change here: two
   * earlier versions ended utterances early and lost 84 of its words (decision 0005).
   */
  prune?: number;
  /** Nats a finished hypothesis's tokens cost when the best is chosen (lexicon-prior.ts). */
  prior?: (tokens: readonly BeamToken[]) => number;
};

// NOTE: a beam of 6 searched whole: pruned at 2 nats it lost what the wider beam wins (decision
// 0005, seventh pass); the untiled encoder cache pays for the width.
export const DEFAULT_DECODE = { beam: 6, alpha: 1, tokensPerS: 6.5, prune: Infinity } as const;

let decoderSession: Promise<ort.InferenceSession> | undefined;
let encoderSession: Promise<ort.InferenceSession> | undefined;
let queue: Promise<unknown> = Promise.resolve();

const MODEL_SUBDIR = '@moonshine-ai/moonshine-js/dist/model/tiny/quantized';

/** Where npm put the model files (the package exports no path to them, so they are looked up). */
export function moonshineModelDir(): string {
  const dirs = createRequire(import.meta.url).resolve.paths(MODEL_SUBDIR) ?? [];
  const found = dirs.map((d) => join(d, MODEL_SUBDIR)).find((d) => existsSync(d));
  if (!found) {
    throw new EngineError(
      'asr_unavailable',
      'The Moonshine model files are missing; reinstall the dependencies with npm install.',
    );
  }
  return found;
}

/** Opens one of the model's files; rejects with an EngineError when it cannot load. */
function openModel(file: string): Promise<ort.InferenceSession> {
  return Promise.resolve()
    .then(() => openSession(join(moonshineModelDir(), file)))
    .then((session) => {
      // NOTE: loading leaves the model files' bytes and the wasm compiler's buffers as garbage.
      collectGarbage();
      return session;
    })
    .catch((error: unknown) => {
      if (error instanceof EngineError) throw error;
      throw new EngineError(
        'asr_unavailable',
        `The Moonshine model could not be loaded (${String(error)}); reinstall the dependencies with npm install.`,
      );
    });
}

/**
 * Opens the decoder once per process. The encoder opens apart, only when this thread encodes
 * (loadMoonshineEncoder): with the encoder worker it never does, and its session held about
 * 125 MB here for nothing.
 */
export function loadMoonshine(): Promise<{ decoder: ort.InferenceSession }> {
  decoderSession ??= openModel('decoder_model_merged.onnx').catch((error: unknown) => {
    decoderSession = undefined;
    throw error;
  });
  return decoderSession.then((decoder) => ({ decoder }));
}

/** Opens the encoder once per process, for utterances this thread encodes itself. */
export function loadMoonshineEncoder(): Promise<ort.InferenceSession> {
  encoderSession ??= openModel('encoder_model.onnx').catch((error: unknown) => {
    encoderSession = undefined;
    throw error;
  });
  return encoderSession;
}

/** Calls on the sessions never overlap (several analyses may share this process). */
function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const cacheName = (layer: number, part: string, kind: string) =>
  `past_key_values.${layer}.${part}.${kind}`;

const STEP_OUTPUTS = [
  'logits',
  ...Array.from({ length: LAYERS }, (_, i) =>
    ['key', 'value'].map((kind) => `present.${i}.decoder.${kind}`),
  ).flat(),
];

function emptyCache(): Record<string, ort.Tensor> {
  const cache: Record<string, ort.Tensor> = {};
  for (let i = 0; i < LAYERS; i++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) {
        cache[cacheName(i, part, kind)] = new ort.Tensor('float32', new Float32Array(0), [
          0,
          HEADS,
          1,
          HEAD_DIM,
        ]);
      }
    }
  }
  return cache;
}

/** Rows of a [batch, ...] tensor picked by index (a beam's cache follows the beam it grew from). */
function gatherRows(tensor: ort.Tensor, rows: readonly number[]): ort.Tensor {
  const data = tensor.data as Float32Array;
  const size = data.length / tensor.dims[0]!;
  const out = new Float32Array(size * rows.length);
  rows.forEach((row, i) => out.set(data.subarray(row * size, (row + 1) * size), i * size));
  return new ort.Tensor('float32', out, [rows.length, ...tensor.dims.slice(1)]);
}

type Search = {
  width: number;
  alpha: number;
  maxTokens: number;
  prune: number;
  prior?: DecodeOptions['prior'];
};

/** One beam search over the decoder for the encoder's `hidden` states. */
async function searchBeams(
  decoder: ort.InferenceSession,
  hidden: ort.Tensor,
  { width, alpha, maxTokens, prune, prior }: Search,
): Promise<BeamToken[]> {
  // NOTE: the encoder's keys and values are made on the first step only (later steps return
  // placeholders). They are the same for every beam and the decoder's attention broadcasts a
  // batch of one against the beams (tokens and probabilities bit-identical to a tiled copy), so
  // they are passed untiled: a tiled copy went into the runtime's heap at every step (50 MB a
  // step for a 15 s utterance at a beam of 6), a fifth of the decoder's time.
  let encoderCache: Record<string, ort.Tensor> | undefined;
  let cache = emptyCache();
  let beams: Beam[] = [{ tokens: [], logProb: 0 }];
  const finished: Beam[] = [];
  for (let step = 0; step < maxTokens && beams.length; step++) {
    await giveEventLoopATurn();
    const batch = beams.length;
    const last = beams.map((b) => BigInt(b.tokens.at(-1)?.id ?? START_TOKEN));
    const out = await decoder.run(
      {
        input_ids: new ort.Tensor('int64', BigInt64Array.from(last), [batch, 1]),
        encoder_hidden_states: hidden,
        use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
        ...cache,
      },
      // WARNING: after the first step only the logits and the decoder's own cache are fetched:
      // the encoder's outputs, copied out at every step, made the analysis peak at 750 MB.
      step === 0 ? decoder.outputNames : STEP_OUTPUTS,
    );
    const logits = out.logits!.data as Float32Array;
    const vocab = logits.length / batch;
    // NOTE: in place on views: the logits are this step's own copy out of the runtime.
    const rows = beams.map((_, b) => logSoftmax(logits.subarray(b * vocab, (b + 1) * vocab)));
    const result = stepBeams(beams, rows, END_TOKEN, {
      width,
      alpha,
      fold: caseFoldedProbability,
      prune,
    });
    finished.push(...result.finished);
    const next: Beam[] = [];
    const parents: number[] = [];
    for (const { beam, parent } of result.live) {
      const cut = loopCut(beam.tokens.map((t) => t.id));
      if (cut === undefined) {
        next.push(beam);
        parents.push(parent);
      } else {
        const tokens = beam.tokens.slice(0, cut);
        finished.push({ tokens, logProb: tokens.reduce((sum, t) => sum + t.logProb, 0) });
      }
    }
    if (finished.length >= width || !next.length) break;
    if (!encoderCache) {
      encoderCache = {};
      for (const name of Object.keys(cache)) {
        if (name.includes('.encoder.'))
          encoderCache[name] = out[name.replace('past_key_values', 'present')]!;
      }
    }
    const updated: Record<string, ort.Tensor> = {};
    for (const name of Object.keys(cache)) {
      updated[name] = name.includes('.decoder.')
        ? gatherRows(out[name.replace('past_key_values', 'present')]!, parents)
        : encoderCache[name]!;
    }
    cache = updated;
    beams = next;
    // NOTE: each step leaves MB of copied-out tensors; V8 waits for about 64 MB before freeing them.
    collectYoungGarbage();
  }
  return bestBeam(finished, beams, alpha, prior).tokens;
}

/** The encoder's file, for a worker that runs the encoder alone (moonshine-encoder-worker.ts). */
export const moonshineEncoderPath = (): string => join(moonshineModelDir(), 'encoder_model.onnx');

/**
 * The tokens, with each one's probability under the model, of the best hypothesis. `encoded` is
 * the encoder's output for `audio` when a worker made it already.
 */
export async function decodeMoonshine(
  audio: Float32Array,
  options: DecodeOptions = {},
  encoded?: { data: Float32Array; dims: readonly number[] },
): Promise<BeamToken[]> {
  const { beam: width, alpha, tokensPerS, prune, prior } = { ...DEFAULT_DECODE, ...options };
  const { decoder } = await loadMoonshine();
  const encoder = encoded ? undefined : await loadMoonshineEncoder();
  return runExclusive(async () => {
    await giveEventLoopATurn();
    const hidden = !encoder
      ? new ort.Tensor('float32', encoded!.data, encoded!.dims)
      : (
          await encoder.run({
            input_values: new ort.Tensor('float32', audio, [1, audio.length]),
          })
        ).last_hidden_state!;
    const maxTokens = Math.max(8, Math.ceil((audio.length / MOONSHINE_SAMPLE_RATE) * tokensPerS));
    const best = await searchBeams(decoder, hidden, { width, alpha, maxTokens, prune, prior });
    collectGarbage();
    return best;
  });
}
