// The whisper.cpp child process: loads the binding and the model, transcribes one WAV, reports over
// IPC. WARNING: whisper.cpp aborts or crashes the whole process on some bad model files, and the
// binding cannot be cancelled; running here keeps the server alive and lets a kill cancel it.
import { open } from 'node:fs/promises';
import { readWavInfo } from '../audio/wav-header.ts';
import { EngineError } from '../types.ts';
import { buildWhisperParams, pcm16ToFloat32 } from './whisper-parse.ts';
import type { WhisperChildMessage, WhisperJob, WhisperSegment } from './whisper-parse.ts';

type Model = { readonly handle: unknown; free(): Promise<void> };
type SmartWhisper = {
  WhisperModel: { load(file: string, gpu?: boolean): Promise<Model> };
  binding: {
    transcribe(
      handle: unknown,
      pcm: Float32Array,
      params: Record<string, unknown>,
      finish: (results: unknown) => void,
      progress: (segment: unknown) => void,
    ): void;
  };
};

const send = (message: WhisperChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });

const reasonOf = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

async function loadSmartWhisper(): Promise<SmartWhisper> {
  try {
    const module = (await import('smart-whisper')) as SmartWhisper & { default?: SmartWhisper };
    return module.default ?? module;
  } catch (error) {
    throw new EngineError(
      'whisper_unavailable',
      `The whisper engine (smart-whisper) could not be loaded on this server: ${reasonOf(error)}`,
    );
  }
}

async function readSamples(wavPath: string): Promise<Float32Array> {
  const info = await readWavInfo(wavPath);
  const handle = await open(wavPath, 'r');
  try {
    const bytes = Buffer.alloc(info.dataBytes);
    await handle.read(bytes, 0, bytes.length, info.dataOffset);
    return pcm16ToFloat32(bytes);
  } finally {
    await handle.close();
  }
}

function transcribe(sw: SmartWhisper, model: Model, pcm: Float32Array, job: WhisperJob) {
  return new Promise<WhisperSegment[]>((resolve, reject) => {
    sw.binding.transcribe(
      model.handle,
      pcm,
      buildWhisperParams(job.language, job.threads),
      (results) => {
        // NOTE: the binding hands a failure to the finish callback as an Error, not a rejection.
        if (Array.isArray(results)) resolve(results as WhisperSegment[]);
        else reject(new EngineError('transcribe_failed', `whisper: ${reasonOf(results)}`));
      },
      (segment) => {
        const endMs = (segment as Partial<WhisperSegment>).to;
        if (typeof endMs === 'number') void send({ type: 'progress', endMs });
      },
    );
  });
}

async function main(job: WhisperJob): Promise<void> {
  const sw = await loadSmartWhisper();
  const pcm = await readSamples(job.wav);
  const model = await sw.WhisperModel.load(job.model, false).catch((error: unknown) => {
    throw new EngineError(
      'whisper_model_invalid',
      `whisper.cpp could not load the model file ${job.model} (${reasonOf(error)}). Set WHISPER_MODEL to a ggml model file.`,
    );
  });
  await send({ type: 'loaded' });
  try {
    await send({ type: 'result', segments: await transcribe(sw, model, pcm, job) });
  } finally {
    await model.free();
  }
}

// NOTE: when the engine's process goes away, so does this one, native work and all.
process.once('disconnect', () => process.exit());

try {
  await main(JSON.parse(process.argv[2] ?? '{}') as WhisperJob);
} catch (error) {
  const code = error instanceof EngineError ? error.code : 'transcribe_failed';
  await send({ type: 'error', code, message: reasonOf(error) });
  process.exitCode = 1;
}
process.disconnect?.();
