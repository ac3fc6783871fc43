import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import { tiedCommand } from '../media/tied-spawn.ts';
import { EngineError } from '../types.ts';
import type { TranscribeOptions, Transcriber, Word } from '../types.ts';
import { DEFAULT_CHUNK_PLAN, planChunks, writeWavChunk } from './pocketsphinx-chunks.ts';
import { parsePocketsphinxLine } from './pocketsphinx-parse.ts';
import { readSpeechWavInfo } from '../audio/speech-wav.ts';
import {
  isPocketsphinxInstalled,
  pocketsphinxBinary,
  pocketsphinxConcurrency,
  pocketsphinxModel,
} from '../media/pocketsphinx-install.ts';

/**
 * The recogniser's arguments. The default beams: narrower ones cost words on this model.
 * WARNING: no dither. With `-dither yes` the noise tracker settles on the dither alone in digital
 * silence, and the sentence after a silent lead-in was lost whole (issue 12's example: 0 of 10
 * words; seeds 2 and 3 lost all three sentences). Measured on five flite voices, clean and at
 * 20 dB SNR: 197 words of 290 without dither, 165 with it; the 8 kHz voice (kal) was equal.
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
    'no',
    '-logfn',
    '/dev/null',
  ];
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

type RecogniseOptions = {
  signal: AbortSignal | undefined;
  /** Called with the end time of each recognised word, in the file's own time. */
  onTime?: (seconds: number) => void;
};

/** Runs pocketsphinx_continuous over one 16 kHz mono WAV, streaming words out as utterances end. */
async function recogniseFile(wavPath: string, options: RecogniseOptions): Promise<Word[]> {
  const { signal, onTime } = options;
  if (signal?.aborted) throw abortError(signal);
  // NOTE: tied to this process, so a worker killed mid-analysis takes its recognisers with it.
  const [command, args] = tiedCommand(pocketsphinxBinary(), buildPocketsphinxArgs(wavPath));
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const words: Word[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const word = parsePocketsphinxLine(line);
    if (!word) return;
    words.push(word);
    onTime?.(word.end);
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
  return words;
}

/** A chunk's name in a TranscriptChunkStore: its times, so a different plan never matches. */
export const chunkKey = (chunk: { start: number; end: number }): string =>
  `${chunk.start.toFixed(3)}-${chunk.end.toFixed(3)}`;

const shiftWord = (word: Word, offsetS: number): Word => ({
  ...word,
  start: Math.round((word.start + offsetS) * 1000) / 1000,
  end: Math.round((word.end + offsetS) * 1000) / 1000,
});

/**
 * Transcribes a 16 kHz mono WAV. A long file is cut at quiet moments into chunks of about a
 * minute that recognisers work through in parallel (NOTE: one recogniser uses one core; this is
 * what brings analysis under a quarter of real time on a 2-core machine).
 */
export async function transcribeWithPocketsphinx(
  wavPath: string,
  options: TranscribeOptions,
): Promise<Word[]> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError(signal);
  const info = await readSpeechWavInfo(wavPath, 'pocketsphinx');
  const chunks =
    info.durationS < DEFAULT_CHUNK_PLAN.minSplitS
      ? [{ start: 0, end: info.durationS }]
      : planChunks(info.durationS, options.energy ?? (await computeEnergyTrack(wavPath)));
  const progress = chunks.map(() => 0);
  let reported = 0;
  const report = () => {
    if (!onProgress || info.durationS <= 0) return;
    const fraction = Math.min(0.99, progress.reduce((a, b) => a + b, 0) / info.durationS);
    if (fraction > reported) {
      reported = fraction;
      onProgress(fraction);
    }
  };
  // NOTE: one failing chunk stops the others at once instead of leaving them running.
  const stop = new AbortController();
  const forward = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const recogniseChunk = async (index: number, path: string): Promise<Word[]> => {
    const words = await recogniseFile(path, {
      signal: stop.signal,
      onTime: (seconds) => {
        progress[index] = seconds;
        report();
      },
    });
    const chunk = chunks[index] ?? { start: 0, end: 0 };
    progress[index] = chunk.end - chunk.start;
    report();
    return words.map((word) => shiftWord(word, chunk.start));
  };

  const dir = chunks.length > 1 ? await mkdtemp(join(tmpdir(), 'roughcut-sphinx-')) : undefined;
  try {
    const results: Word[][] = [];
    if (!dir) {
      results.push(await recogniseChunk(0, wavPath));
    } else {
      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          const index = next++;
          const chunk = chunks[index] ?? { start: 0, end: 0 };
          const key = chunkKey(chunk);
          const stored = await options.chunkStore?.load(key);
          if (stored) {
            results[index] = stored;
            progress[index] = chunk.end - chunk.start;
            report();
            continue;
          }
          const path = join(dir, `chunk-${index}.wav`);
          await writeWavChunk(wavPath, info, chunk, path);
          results[index] = await recogniseChunk(index, path);
          await rm(path, { force: true });
          await options.chunkStore?.save(key, results[index]);
        }
      };
      const workers = Math.min(pocketsphinxConcurrency(), chunks.length);
      await Promise.all(
        Array.from({ length: workers }, () =>
          worker().catch((error: unknown) => {
            stop.abort(error);
            throw error;
          }),
        ),
      );
    }
    onProgress?.(1);
    return results.flat().sort((a, b) => a.start - b.start || a.end - b.end);
  } finally {
    signal?.removeEventListener('abort', forward);
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

export function createPocketsphinxTranscriber(): Transcriber {
  return {
    name: 'pocketsphinx',
    languages: async () => ((await isPocketsphinxInstalled()) ? ['en'] : []),
    transcribe: transcribeWithPocketsphinx,
  };
}
