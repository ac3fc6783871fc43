// The main thread's side of vad/voice-worker.ts: start it, hand it the gains, take its
// probabilities. It never fails the detection: a worker that cannot help answers undefined, and
// the main thread judges its streams itself.
import { Worker } from 'node:worker_threads';
import type { StreamJob } from './judge-streams.ts';
import type { VoiceWorkerData, VoiceWorkerGains, VoiceWorkerReply } from './voice-worker.ts';

export type VoiceHelper = {
  /** The gains the streams are heard at (the worker waits for them before judging). */
  start: (gains: Float32Array | undefined) => void;
  /** Probabilities by window for the worker's streams, or undefined when it could not judge them. */
  result: Promise<Float32Array | undefined>;
  stop: () => Promise<void>;
};

export function startVoiceWorker(modelPath: string, job: Omit<StreamJob, 'gains'>): VoiceHelper {
  const workerData: VoiceWorkerData = { modelPath, job };
  let worker: Worker | undefined;
  let settle: (prob: Float32Array | undefined) => void = () => undefined;
  const result = new Promise<Float32Array | undefined>((resolve) => (settle = resolve));
  try {
    worker = new Worker(new URL('./voice-worker.ts', import.meta.url), { workerData });
    worker.once('message', (reply: VoiceWorkerReply) =>
      settle('prob' in reply ? reply.prob : undefined),
    );
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  } catch {
    settle(undefined);
  }
  return {
    start: (gains) => {
      const message: VoiceWorkerGains = gains ? { gains } : {};
      worker?.postMessage(message);
    },
    result,
    stop: async () => {
      await worker?.terminate();
      settle(undefined);
    },
  };
}
