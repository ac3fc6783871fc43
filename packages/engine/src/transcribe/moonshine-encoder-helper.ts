// The main thread's side of moonshine-encoder-worker.ts: hand it an utterance's samples, take the
// encoder's states back. It never fails the recognition: a worker that cannot help answers
// undefined, and the main thread encodes that utterance itself.
import { Worker } from 'node:worker_threads';
import type {
  EncoderReply,
  EncoderRequest,
  EncoderWorkerData,
} from './moonshine-encoder-worker.ts';

export type EncodedAudio = { data: Float32Array; dims: readonly number[] };

export type EncoderHelper = {
  /** The encoder's states for `audio` (a copy goes to the worker), or undefined. */
  encode: (audio: Float32Array) => Promise<EncodedAudio | undefined>;
  /** Whether the worker still takes requests. */
  alive: () => boolean;
  stop: () => Promise<void>;
};

let shared: { helper: EncoderHelper; users: number } | undefined;

/**
 * The process's one encoder worker, started for the first transcription and stopped when the last
 * one ends. NOTE: shared, as the main thread's sessions are: a worker per transcription would hold
 * its own runtime and encoder (about 250 MB) for each job slot.
 */
export function shareEncoderWorker(modelPath: string): EncoderHelper {
  if (!shared?.helper.alive()) shared = { helper: startEncoderWorker(modelPath), users: 0 };
  const entry = shared;
  entry.users++;
  let released = false;
  return {
    encode: (audio) => (released ? Promise.resolve(undefined) : entry.helper.encode(audio)),
    alive: () => !released && entry.helper.alive(),
    stop: async () => {
      if (released) return;
      released = true;
      entry.users--;
      if (entry.users > 0) return;
      if (shared === entry) shared = undefined;
      await entry.helper.stop();
    },
  };
}

/**
 * The shared worker, joined at the first utterance that needs encoding: a retry whose utterances
 * are all stored starts none.
 */
export function shareEncoderWorkerWhenNeeded(
  modelPath: string,
  share: (modelPath: string) => EncoderHelper = shareEncoderWorker,
): EncoderHelper {
  let helper: EncoderHelper | undefined;
  let stopped = false;
  return {
    encode: (audio) =>
      stopped ? Promise.resolve(undefined) : (helper ??= share(modelPath)).encode(audio),
    alive: () => !stopped && (helper?.alive() ?? true),
    stop: async () => {
      stopped = true;
      await helper?.stop();
    },
  };
}

export function startEncoderWorker(modelPath: string): EncoderHelper {
  const waiting = new Map<number, (encoded: EncodedAudio | undefined) => void>();
  let nextId = 0;
  let worker: Worker | undefined;
  const giveUp = () => {
    worker = undefined;
    for (const settle of waiting.values()) settle(undefined);
    waiting.clear();
  };
  try {
    const workerData: EncoderWorkerData = { modelPath };
    worker = new Worker(new URL('./moonshine-encoder-worker.ts', import.meta.url), { workerData });
    worker.on('message', (reply: EncoderReply) => {
      const settle = waiting.get(reply.id);
      waiting.delete(reply.id);
      settle?.('data' in reply ? { data: reply.data, dims: reply.dims } : undefined);
    });
    worker.once('error', giveUp);
    worker.once('exit', giveUp);
  } catch {
    giveUp();
  }
  return {
    encode: (audio) => {
      if (!worker) return Promise.resolve(undefined);
      const id = nextId++;
      const copy = audio.slice();
      const request: EncoderRequest = { id, audio: copy };
      const result = new Promise<EncodedAudio | undefined>((settle) => waiting.set(id, settle));
      worker.postMessage(request, [copy.buffer]);
      return result;
    },
    alive: () => worker !== undefined,
    stop: async () => {
      const stopping = worker?.terminate();
      giveUp();
      await stopping;
    },
  };
}
