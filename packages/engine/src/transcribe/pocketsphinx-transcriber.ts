import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { readWavInfo } from '../audio/wav-header.ts';
import { EngineError } from '../types.ts';
import type { TranscribeOptions, Transcriber, Word } from '../types.ts';
import { parsePocketsphinxLine } from './pocketsphinx-parse.ts';

export const pocketsphinxBinary = (): string =>
  process.env.POCKETSPHINX_PATH || 'pocketsphinx_continuous';
export const pocketsphinxModelDir = (): string =>
  process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us';

export type PocketsphinxModel = { hmm: string; lm: string; dict: string };

export function pocketsphinxModel(dir = pocketsphinxModelDir()): PocketsphinxModel {
  return {
    hmm: join(dir, 'en-us'),
    lm: join(dir, 'en-us.lm.bin'),
    dict: join(dir, 'cmudict-en-us.dict'),
  };
}

/**
 * The recogniser's arguments. NOTE: dither keeps upsampled narrowband audio (8 kHz voices, phone
 * recordings), whose top filterbank bands are empty, from derailing the search; a fixed seed keeps
 * the result repeatable. The default beams: narrower ones cost words on this model.
 */
export function buildPocketsphinxArgs(wavPath: string, model = pocketsphinxModel()): string[] {
  return [
    '-infile',
    wavPath,
    '-hmm',
    model.hmm,
    '-lm',
    model.lm,
    '-dict',
    model.dict,
    '-samprate',
    '16000',
    '-time',
    'yes',
    '-dither',
    'yes',
    '-seed',
    '1',
    '-logfn',
    '/dev/null',
  ];
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function findOnPath(binary: string): Promise<string | undefined> {
  if (binary.includes('/')) return (await isExecutable(binary)) ? binary : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, binary);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** True when the recogniser binary and the en-us model are installed. */
export async function isPocketsphinxInstalled(): Promise<boolean> {
  if (!(await findOnPath(pocketsphinxBinary()))) return false;
  const model = pocketsphinxModel();
  const found = await Promise.all(
    [join(model.hmm, 'mdef'), model.lm, model.dict].map((p) =>
      access(p, constants.R_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** Runs pocketsphinx_continuous on a 16 kHz mono WAV, streaming words out as utterances end. */
export async function transcribeWithPocketsphinx(
  wavPath: string,
  options: TranscribeOptions,
): Promise<Word[]> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError(signal);
  const { durationS, sampleRate, channels } = await readWavInfo(wavPath);
  if (sampleRate !== 16_000 || channels !== 1) {
    throw new EngineError(
      'audio_invalid',
      `pocketsphinx needs 16 kHz mono audio, got ${sampleRate} Hz with ${channels} channels; extract it with extractAudio first.`,
    );
  }
  const child = spawn(pocketsphinxBinary(), buildPocketsphinxArgs(wavPath), {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const words: Word[] = [];
  let stderr = '';
  let reported = 0;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const word = parsePocketsphinxLine(line);
    if (!word) return;
    words.push(word);
    if (onProgress && durationS > 0) {
      const fraction = Math.min(0.99, word.end / durationS);
      if (fraction > reported) {
        reported = fraction;
        onProgress(fraction);
      }
    }
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', kill, { once: true });
  const lineEnd = new Promise<void>((resolve) => lines.once('close', resolve));
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new EngineError(
          'transcribe_failed',
          error.code === 'ENOENT'
            ? 'pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us, or set POCKETSPHINX_PATH).'
            : `pocketsphinx could not be started: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => resolve(code));
  });
  try {
    const code = await exit;
    await lineEnd;
    if (signal?.aborted) throw abortError(signal);
    if (code !== 0) {
      const reason = stderr.trim().split('\n').at(-1) ?? '';
      throw new EngineError(
        'transcribe_failed',
        `pocketsphinx exited with code ${code}${reason ? `: ${reason}` : ''}`,
      );
    }
  } finally {
    signal?.removeEventListener('abort', kill);
    kill();
  }
  onProgress?.(1);
  return words.sort((a, b) => a.start - b.start || a.end - b.end);
}

export function createPocketsphinxTranscriber(): Transcriber {
  return {
    name: 'pocketsphinx',
    languages: async () => ((await isPocketsphinxInstalled()) ? ['en'] : []),
    transcribe: transcribeWithPocketsphinx,
  };
}
