// A second, stronger English recogniser for measuring, not for subtitles: Moonshine tiny (MIT), whose
// quantised weights ship inside the @moonshine-ai/moonshine-js npm package, run by the same
// onnxruntime-web build as the voice detector. It gives text only (no word times).
// NOTE: only the package's model files are used (its browser code is not loaded); the root
// package.json's overrides keep its unused browser dependencies out of the install.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import llamaTokenizer from 'llama-tokenizer-js';
import * as ort from 'onnxruntime-web';
import { EngineError } from '../types.ts';

const SAMPLE_RATE = 16_000;
const START_TOKEN = 1;
const END_TOKEN = 2;
/** Moonshine tiny's decoder: 6 layers of 8 key/value heads of 36 dimensions. */
const LAYERS = 6;
const HEADS = 8;
const HEAD_DIM = 36;
/** Tokens allowed per second of audio (speech runs at 3-4; a loop stops here). */
const TOKENS_PER_S = 6;

type Sessions = { encoder: ort.InferenceSession; decoder: ort.InferenceSession };
let sessions: Promise<Sessions> | undefined;

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

function load(): Promise<Sessions> {
  if (!sessions) {
    const dir = moonshineModelDir();
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    const open = (name: string) =>
      ort.InferenceSession.create(join(dir, name), {
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
    sessions = Promise.all([open('encoder_model.onnx'), open('decoder_model_merged.onnx')])
      .then(([encoder, decoder]) => ({ encoder, decoder }))
      .catch((error: unknown) => {
        sessions = undefined;
        throw new EngineError(
          'asr_unavailable',
          `The Moonshine model could not be loaded (${String(error)}); reinstall the dependencies with npm install.`,
        );
      });
  }
  return sessions;
}

function emptyCache(): Record<string, ort.Tensor> {
  const cache: Record<string, ort.Tensor> = {};
  for (let i = 0; i < LAYERS; i++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) {
        cache[`past_key_values.${i}.${part}.${kind}`] = new ort.Tensor(
          'float32',
          new Float32Array(0),
          [0, HEADS, 1, HEAD_DIM],
        );
      }
    }
  }
  return cache;
}

function argMax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

/**
 * The text Moonshine hears in one utterance of 16 kHz mono audio (greedy decoding).
 * NOTE: it was trained on utterances up to about 30 s; give it a sentence, not a whole file.
 */
export async function hearUtterance(audio: Float32Array): Promise<string> {
  const { encoder, decoder } = await load();
  const encoded = await encoder.run({
    input_values: new ort.Tensor('float32', audio, [1, audio.length]),
  });
  let cache = emptyCache();
  const tokens: number[] = [];
  let next = START_TOKEN;
  const maxTokens = Math.max(4, Math.trunc((audio.length / SAMPLE_RATE) * TOKENS_PER_S));
  for (let i = 0; i < maxTokens; i++) {
    const out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(next)]), [1, 1]),
      encoder_hidden_states: encoded.last_hidden_state!,
      use_cache_branch: new ort.Tensor('bool', [i > 0], [1]),
      ...cache,
    });
    next = argMax(out.logits!.data as Float32Array);
    if (next === END_TOKEN) break;
    tokens.push(next);
    // NOTE: the encoder's keys and values are made on the first step only; later steps return
    // placeholders for them, so only the decoder's own cache is taken after the first.
    const updated: Record<string, ort.Tensor> = {};
    for (const name of Object.keys(cache)) {
      const present = out[name.replace('past_key_values', 'present')];
      updated[name] = i === 0 || name.includes('.decoder.') ? present! : cache[name]!;
    }
    cache = updated;
  }
  // NOTE: the tokenizer knows Llama's 32,000 pieces; Moonshine's extra ids are special tokens.
  return llamaTokenizer.decode(
    tokens.filter((t) => t < llamaTokenizer.vocabById.length),
    false,
  );
}

export function pcmToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}
