import { open } from 'node:fs/promises';
import { LANGUAGE_CODES } from '@roughcut/shared';
import { EngineError } from '../types.ts';
import type { TranscribeOptions, Transcriber, Word } from '../types.ts';

// whisper.cpp's ggml file magic, 'ggml' as a little-endian uint32.
const GGML_MAGIC = 0x67676d6c;
export const WHISPER_BINDING = '@kutalia/whisper-node-addon';

type WhisperBinding = {
  transcribe(options: Record<string, unknown>): Promise<{ transcription: string[][] | string[] }>;
};

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

/** `00:00:01.230` or `00:00:01,230` to seconds. */
export function parseWhisperTime(value: string): number {
  const match = /^(?:(\d+):)?(\d+):(\d+)[.,](\d+)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [, h = '0', m = '0', s = '0', frac = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(`0.${frac}`);
}

/**
 * The binding's segments ([start, end, text], one word each with max_len=1) to words. Whisper's
 * special tokens ([_BEG_], [BLANK_AUDIO], (music)) are dropped.
 * NOTE: this binding does not expose token probabilities, so confidence is 1.
 */
export function parseWhisperSegments(transcription: string[][] | string[]): Word[] {
  const words: Word[] = [];
  for (const row of transcription) {
    if (!Array.isArray(row) || row.length < 3) continue;
    const [startText = '', endText = '', raw = ''] = row;
    const text = raw.trim();
    if (!text || /^[[(].*[\])]$/.test(text)) continue;
    const start = parseWhisperTime(startText);
    const end = parseWhisperTime(endText);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) continue;
    words.push({ text, start, end, confidence: 1 });
  }
  return words.sort((a, b) => a.start - b.start || a.end - b.end);
}

async function loadBinding(): Promise<WhisperBinding> {
  try {
    return (await import(WHISPER_BINDING)) as WhisperBinding;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new EngineError(
      'whisper_unavailable',
      `The whisper engine (${WHISPER_BINDING}) could not be loaded on this server: ${reason}`,
    );
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** whisper.cpp through a native binding; throws whisper_model_missing/invalid up front. */
export async function createWhisperTranscriber(modelPath: string): Promise<Transcriber> {
  await checkWhisperModel(modelPath);
  return {
    name: 'whisper',
    languages: () => Promise.resolve([...LANGUAGE_CODES]),
    async transcribe(wavPath: string, options: TranscribeOptions): Promise<Word[]> {
      const { signal, onProgress } = options;
      if (signal?.aborted) throw abortError(signal);
      // Loaded only when used, so a server without the binding still starts.
      const binding = await loadBinding();
      const run = binding
        .transcribe({
          model: modelPath,
          fname_inp: wavPath,
          language: options.language,
          use_gpu: false,
          translate: false,
          no_prints: true,
          no_timestamps: false,
          max_len: 1,
          split_on_word: true,
          token_timestamps: true,
          progress_callback: (progress: unknown) => {
            if (typeof progress === 'number') onProgress?.(Math.min(0.99, progress / 100));
          },
        })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new EngineError(
            'transcribe_failed',
            `whisper could not transcribe with the model ${modelPath}: ${reason}`,
          );
        });
      // WARNING: the binding cannot be cancelled; on abort we stop waiting and let it finish.
      const aborted = new Promise<never>((_, reject) => {
        signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true });
      });
      const result = await Promise.race([run, aborted]);
      onProgress?.(1);
      return parseWhisperSegments(result.transcription);
    },
  };
}
