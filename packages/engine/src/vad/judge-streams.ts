// The voice detector's loop over a batch of streams, shared by the main thread and the worker that
// takes half the streams (vad/voice-worker.ts). A stream's probabilities depend on its own windows
// only: batches of 16 gave bit for bit what one batch of 32 gave (decision 0005, eighth pass).
import type { WavInfo } from '../audio/wav-header.ts';
import { giveEventLoopATurn } from '../onnx/event-loop-turn.ts';
import { ort } from '../onnx/onnx-runtime.ts';
import { openWindowReader } from './wav-windows.ts';

export const VAD_SAMPLE_RATE = 16_000;
/** Samples the model judges per call, and how many earlier samples it is shown with them. */
export const VAD_WINDOW = 512;
export const VAD_CONTEXT = 64;
const STATE_SIZE = 2 * 128;

export type StreamPlan = { first: number; count: number; warmUp: number };

export type StreamJob = {
  wavPath: string;
  info: Pick<WavInfo, 'dataOffset' | 'dataBytes'>;
  plans: StreamPlan[];
  /** Each window's gain (see level-gain.ts); none hears the file as it is. */
  gains?: Float32Array;
};

export type JudgeOptions = {
  signal?: AbortSignal;
  /** Told the fraction of the steps done now and then. */
  onProgress?: (fraction: number) => void;
  /** Runs each call on the session (the main thread's is shared by the analyses at once). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
};

/** Writes each plan's windows' speech probabilities into `prob` (indexed by window). */
export async function judgeStreams(
  session: ort.InferenceSession,
  job: StreamJob,
  prob: Float32Array,
  options: JudgeOptions = {},
): Promise<void> {
  const { plans, gains } = job;
  const { signal, onProgress } = options;
  const exclusive = options.exclusive ?? (<T>(work: () => Promise<T>) => work());
  const batch = plans.length;
  if (!batch) return;
  const steps = Math.max(...plans.map((p) => p.count + p.warmUp));
  const span = VAD_CONTEXT + VAD_WINDOW;
  const input = new Float32Array(batch * span);
  let state = new Float32Array(STATE_SIZE * batch);
  const rate = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]));
  const readers = await Promise.all(
    plans.map((p) => openWindowReader(job.wavPath, job.info, (p.first - p.warmUp) * VAD_WINDOW)),
  );
  try {
    for (let step = 0; step < steps; step++) {
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
      await giveEventLoopATurn();
      for (let b = 0; b < batch; b++) {
        const window = plans[b]!.first - plans[b]!.warmUp + step;
        const part = input.subarray(b * span, (b + 1) * span);
        await readers[b]!.read(window * VAD_WINDOW - VAD_CONTEXT, part);
        const gain = gains?.[window] ?? 1;
        if (gain !== 1)
          for (let i = 0; i < span; i++) part[i] = Math.max(-1, Math.min(1, part[i]! * gain));
      }
      const output = await exclusive(() =>
        session.run({
          input: new ort.Tensor('float32', input, [batch, span]),
          state: new ort.Tensor('float32', state, [2, batch, 128]),
          sr: rate,
        }),
      );
      state = new Float32Array(output.stateN!.data as Float32Array);
      const probs = output.output!.data as Float32Array;
      for (let b = 0; b < batch; b++) {
        const plan = plans[b]!;
        const index = step - plan.warmUp;
        if (index >= 0 && index < plan.count) prob[plan.first + index] = probs[b] ?? 0;
      }
      if (onProgress && step % 64 === 0) onProgress(step / steps);
    }
  } finally {
    await Promise.all(readers.map((r) => r.close()));
  }
}
