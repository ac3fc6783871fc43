// Voice activity from the audio itself: the Silero VAD model (shipped inside the
// @ricky0123/vad-web package) run by onnxruntime-web's WebAssembly build, so nothing is downloaded
// at install or run time and no install script is needed. See docs/decisions/0004-speech-evidence.md.
import { createRequire } from 'node:module';
import { openSession, ort } from '../onnx/onnx-runtime.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import { EngineError } from '../types.ts';
import type { ProgressFn, VoiceTrack } from '../types.ts';
import { levelGains, windowLevels } from './level-gain.ts';
import type { LevelGainOptions } from './level-gain.ts';
import { openWindowReader } from './wav-windows.ts';
import { giveEventLoopATurn } from '../onnx/event-loop-turn.ts';

export const VAD_SAMPLE_RATE = 16_000;
/** Samples the model judges per call, and how many earlier samples it is shown with them. */
export const VAD_WINDOW = 512;
export const VAD_CONTEXT = 64;
export const VAD_FRAME_S = VAD_WINDOW / VAD_SAMPLE_RATE;
const STATE_SIZE = 2 * 128;

export type VoiceOptions = {
  signal?: AbortSignal;
  onProgress?: ProgressFn;
  /** Streams judged side by side in one batch (default 32). */
  streams?: number;
  /** How quiet stretches are brought up before the detector hears them; false hears the file as it is. */
  level?: Partial<LevelGainOptions> | false;
};

// NOTE: one call per 32 ms window costs more in call overhead than in arithmetic, so the file is
// split into up to 32 streams run as one batch (measured 5x faster). A stream starts with a fresh
// model state, so it first hears the second before its part (the state settles well within that).
const DEFAULT_STREAMS = 32;
const MIN_STREAM_WINDOWS = 96;
export const WARM_UP_WINDOWS = 32;

let sessionPromise: Promise<ort.InferenceSession> | undefined;
let queue: Promise<unknown> = Promise.resolve();

export const vadModelPath = (): string =>
  createRequire(import.meta.url).resolve('@ricky0123/vad-web/dist/silero_vad_v6.onnx');

/** Opens the voice detector's model once per process (analyses reuse it). */
export function loadVoiceDetector(): Promise<ort.InferenceSession> {
  return loadSession();
}

function loadSession(): Promise<ort.InferenceSession> {
  if (!sessionPromise) {
    sessionPromise = openSession(vadModelPath()).catch((error: unknown) => {
      sessionPromise = undefined;
      throw new EngineError(
        'vad_unavailable',
        `The voice activity model could not be loaded (${String(error)}); reinstall the dependencies with npm install.`,
      );
    });
  }
  return sessionPromise;
}

/** Calls on one session never overlap (several analyses may share this process). */
function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

export type StreamPlan = { first: number; count: number; warmUp: number };

/** Splits `windows` into near-equal streams, each with up to WARM_UP_WINDOWS heard before it. */
export function planStreams(windows: number, maxStreams = DEFAULT_STREAMS): StreamPlan[] {
  if (windows <= 0) return [];
  const count = Math.max(1, Math.min(maxStreams, Math.floor(windows / MIN_STREAM_WINDOWS)));
  const size = Math.ceil(windows / count);
  const plans: StreamPlan[] = [];
  for (let first = 0; first < windows; first += size) {
    plans.push({
      first,
      count: Math.min(size, windows - first),
      warmUp: Math.min(first, WARM_UP_WINDOWS),
    });
  }
  return plans;
}

/**
 * The speech probability of every 32 ms window of a 16 kHz mono 16-bit WAV, read from disk a
 * stream at a time (memory stays flat in the file's length).
 */
export async function detectVoice(
  wavPath: string,
  options: VoiceOptions = {},
): Promise<VoiceTrack> {
  const { signal, onProgress } = options;
  const info = await readWavInfo(wavPath);
  if (info.sampleRate !== VAD_SAMPLE_RATE || info.channels !== 1) {
    throw new EngineError(
      'audio_invalid',
      `Voice detection needs 16 kHz mono audio, got ${info.sampleRate} Hz with ${info.channels} channels; extract it with extractAudio first.`,
    );
  }
  const totalSamples = Math.floor(info.dataBytes / 2);
  const windows = Math.ceil(totalSamples / VAD_WINDOW);
  const prob = new Float32Array(windows);
  const plans = planStreams(windows, options.streams);
  if (!plans.length) return { frameS: VAD_FRAME_S, prob };
  const session = await loadSession();
  // NOTE: Silero's state carries a loud passage's level: a quiet speaker right after it was heard
  // only 0.7-2 s in. Each window (with its look-back) is heard at its stretch's gain.
  const gains =
    options.level === false
      ? undefined
      : levelGains(await windowLevels(wavPath, info, VAD_WINDOW), options.level);
  const batch = plans.length;
  const steps = Math.max(...plans.map((p) => p.count + p.warmUp));
  const span = VAD_CONTEXT + VAD_WINDOW;
  const input = new Float32Array(batch * span);
  let state = new Float32Array(STATE_SIZE * batch);
  const rate = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]));
  const readers = await Promise.all(
    plans.map((p) => openWindowReader(wavPath, info, (p.first - p.warmUp) * VAD_WINDOW)),
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
      const output = await runExclusive(() =>
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
  onProgress?.(1);
  return { frameS: VAD_FRAME_S, prob };
}
