// Voice activity from the audio itself: the Silero VAD model (shipped inside the
// @ricky0123/vad-web package) run by onnxruntime-web's WebAssembly build, so nothing is downloaded
// at install or run time and no install script is needed. See docs/decisions/0004-speech-evidence.md.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { openSession } from '../onnx/onnx-runtime.ts';
import type { ort } from '../onnx/onnx-runtime.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import { EngineError } from '../types.ts';
import type { ProgressFn, VoiceTrack } from '../types.ts';
import { VAD_SAMPLE_RATE, VAD_WINDOW, judgeStreams } from './judge-streams.ts';
import type { StreamPlan } from './judge-streams.ts';
import { levelGains, windowLevels } from './level-gain.ts';
import type { LevelGainOptions } from './level-gain.ts';
import { startVoiceWorker } from './voice-helper.ts';

export { VAD_CONTEXT, VAD_SAMPLE_RATE, VAD_WINDOW } from './judge-streams.ts';
export type { StreamPlan } from './judge-streams.ts';
export const VAD_FRAME_S = VAD_WINDOW / VAD_SAMPLE_RATE;

export type VoiceOptions = {
  signal?: AbortSignal;
  onProgress?: ProgressFn;
  /** Streams judged side by side in one batch (default 32). */
  streams?: number;
  /** How quiet stretches are brought up before the detector hears them; false hears the file as it is. */
  level?: Partial<LevelGainOptions> | false;
  /**
   * Judge some streams on a worker thread, beside this one: by default when the machine has a
   * second core and the file is long enough to pay for it; true for at least one stream.
   */
  worker?: boolean;
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
 * Opening the model in a worker costs about what judging this many windows does (1 CPU s against
 * 5 for the 18,750 windows of 10 minutes, measured on the bench machine).
 */
const WORKER_START_WINDOWS = 3750;

/**
 * How many of the streams the worker takes so that both threads end together, given that it first
 * opens its model: none for a file under two minutes, where opening it costs more than it saves.
 */
export function workerStreams(plans: StreamPlan[], windows: number): number {
  const share = (windows - WORKER_START_WINDOWS) / (2 * windows);
  return Math.max(0, Math.min(Math.floor(plans.length / 2), Math.round(plans.length * share)));
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
  // NOTE: the worker opens its model while this thread measures the levels both hear at.
  const wanted = options.worker ?? availableParallelism() > 1;
  const least = options.worker ? 1 : 0;
  const split = wanted
    ? Math.min(plans.length - 1, Math.max(least, workerStreams(plans, windows)))
    : 0;
  const helper =
    split > 0
      ? startVoiceWorker(vadModelPath(), { wavPath, info, plans: plans.slice(0, split) })
      : undefined;
  try {
    const session = await loadSession();
    const gains =
      options.level === false
        ? undefined
        : levelGains(await windowLevels(wavPath, info, VAD_WINDOW), options.level);
    helper?.start(gains);
    const judge = (own: StreamPlan[], progress?: ProgressFn) =>
      judgeStreams(session, { wavPath, info, plans: own, gains }, prob, {
        exclusive: runExclusive,
        ...(signal ? { signal } : {}),
        ...(progress ? { onProgress: progress } : {}),
      });
    await judge(plans.slice(split), onProgress);
    if (helper) {
      const theirs = await helper.result;
      if (theirs) prob.set(theirs.subarray(0, plans[split]!.first));
      else await judge(plans.slice(0, split));
    }
  } finally {
    await helper?.stop();
  }
  onProgress?.(1);
  return { frameS: VAD_FRAME_S, prob };
}
