import { fork } from 'node:child_process';
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES } from '@roughcut/shared';
import { EngineError } from '../types.ts';
import type { TranscribeOptions, Transcriber, Word } from '../types.ts';
import { parseChildMessage, segmentsToWords, whisperFailureReason } from './whisper-parse.ts';
import type { WhisperJob, WhisperSegment } from './whisper-parse.ts';
import { readSpeechWavInfo } from '../audio/speech-wav.ts';

// whisper.cpp's ggml file magic, 'ggml' as a little-endian uint32.
const GGML_MAGIC = 0x67676d6c;
/** The native binding: whisper.cpp compiled at install (node-gyp), with token probabilities. */
export const WHISPER_BINDING = 'smart-whisper';
const CHILD_SCRIPT = fileURLToPath(new URL('./whisper-child.ts', import.meta.url));

const fixHint = 'Set WHISPER_MODEL to a ggml model file.';

/** Checks the model file exists and starts like a ggml model, before native code touches it. */
export async function checkWhisperModel(modelPath: string): Promise<void> {
  const handle = await open(modelPath, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
      throw new EngineError(
        'whisper_model_missing',
        `The whisper model file ${modelPath} does not exist. ${fixHint}`,
      );
    }
    throw new EngineError(
      'whisper_model_invalid',
      `The whisper model file ${modelPath} cannot be read (${error.code}). ${fixHint}`,
    );
  });
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4 || head.readUInt32LE(0) !== GGML_MAGIC) {
      throw new EngineError(
        'whisper_model_invalid',
        `The whisper model file ${modelPath} is not a ggml model (its header is wrong; the file may be corrupt or in another format). ${fixHint}`,
      );
    }
  } finally {
    await handle.close();
  }
}

export type WhisperBinding = {
  WhisperModel: { load(file: string, gpu?: boolean): Promise<unknown> };
  binding: { transcribe(...args: unknown[]): void };
};

let bindingLoad: Promise<WhisperBinding> | undefined;

/**
 * Loads the native binding into this process (once), to tell whether whisper can run here. It only
 * loads the library: models are loaded and run in a child process.
 */
export function loadWhisperBinding(): Promise<WhisperBinding> {
  bindingLoad ??= import(WHISPER_BINDING).then(
    (module: WhisperBinding & { default?: WhisperBinding }) => module.default ?? module,
    (error: unknown) => {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new EngineError(
        'whisper_unavailable',
        `The whisper engine (${WHISPER_BINDING}) could not be loaded on this server: ${reason}. Reinstall the npm packages (npm ci needs python3, make and g++ to build it).`,
      );
    },
  );
  return bindingLoad;
}

/** whisper.cpp threads: every core, up to 8 (more rarely helps). */
export const whisperThreads = (): number => Math.max(1, Math.min(8, availableParallelism()));

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

type RunOptions = { signal?: AbortSignal; onEndMs?: (ms: number) => void };

/** Runs one job in the child process; its crash or abort becomes a clear EngineError. */
function runWhisperChild(job: WhisperJob, { signal, onEndMs }: RunOptions) {
  return new Promise<WhisperSegment[]>((resolve, reject) => {
    const child = fork(CHILD_SCRIPT, [JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: [],
    });
    let stderr = '';
    let loaded = false;
    let settled: { segments: WhisperSegment[] } | EngineError | undefined;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const onAbort = () => {
      kill();
      if (signal) reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (raw) => {
      const message = parseChildMessage(raw);
      if (message?.type === 'loaded') loaded = true;
      else if (message?.type === 'progress') onEndMs?.(message.endMs);
      else if (message?.type === 'result') settled = { segments: message.segments };
      else if (message?.type === 'error') settled = new EngineError(message.code, message.message);
    });
    child.once('error', (error) => {
      kill();
      reject(new EngineError('transcribe_failed', `whisper could not run: ${error.message}`));
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (settled instanceof EngineError) return reject(settled);
      if (settled && code === 0) return resolve(settled.segments);
      const how =
        killedBy === 'SIGKILL'
          ? 'it was killed, maybe for lack of memory'
          : killedBy
            ? `it stopped with ${killedBy}`
            : `it exited with code ${code}`;
      const reason = whisperFailureReason(stderr) ?? how;
      reject(
        loaded
          ? new EngineError(
              'transcribe_failed',
              `whisper.cpp failed while transcribing with the model ${job.model}: ${reason}`,
            )
          : new EngineError(
              'whisper_model_invalid',
              `whisper.cpp could not load the model file ${job.model} (${reason}); the file may be truncated or corrupt. ${fixHint}`,
            ),
      );
    });
  });
}

/** whisper.cpp through smart-whisper; throws whisper_model_missing/invalid/unavailable up front. */
export async function createWhisperTranscriber(modelPath: string): Promise<Transcriber> {
  await checkWhisperModel(modelPath);
  await loadWhisperBinding();
  return {
    name: 'whisper',
    languages: () => Promise.resolve([...LANGUAGE_CODES]),
    async transcribe(wavPath: string, options: TranscribeOptions): Promise<Word[]> {
      const { signal, onProgress, language } = options;
      if (signal?.aborted) throw abortError(signal);
      const info = await readSpeechWavInfo(wavPath, 'whisper');
      const job = { model: modelPath, wav: wavPath, language, threads: whisperThreads() };
      const segments = await runWhisperChild(job, {
        signal,
        onEndMs: (ms) => {
          if (info.durationS > 0) onProgress?.(Math.min(0.99, ms / 1000 / info.durationS));
        },
      });
      onProgress?.(1);
      return segmentsToWords(segments, language);
    },
  };
}
