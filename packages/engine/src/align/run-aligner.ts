import { spawn } from 'node:child_process';
import { tiedCommand } from '../media/tied-spawn.ts';
import { pocketsphinxBinary, pocketsphinxModel } from '../media/pocketsphinx-install.ts';
import { EngineError } from '../types.ts';

export type AlignerFiles = { wav: string; grammar: string; dictionary: string };

/**
 * pocketsphinx's arguments for one forced alignment. WARNING: `-remove_silence no` keeps the
 * whole chunk one utterance; with the voice detector on, a pause inside the utterance ended the
 * search there and the grammar found no path (no words at all). Silence between and after words
 * as likely as a word (`-silprob 1`): at the default the last word ran on to the end of the chunk.
 * Dither (fixed seed) keeps digital silence from being log(0) features; the voice detector it
 * misled in recognition is off here. Wide beams: a grammar has few paths, so they cost little, and
 * at the default ones the right path was pruned in upsampled 8 kHz speech and the words were
 * forced 0.2 s off (or, without the skip arcs, not aligned at all).
 */
export function buildAlignerArgs(files: AlignerFiles, hmm = pocketsphinxModel().hmm): string[] {
  return [
    '-infile',
    files.wav,
    '-hmm',
    hmm,
    '-fsg',
    files.grammar,
    '-dict',
    files.dictionary,
    '-samprate',
    '16000',
    '-remove_silence',
    'no',
    '-time',
    'yes',
    '-dither',
    'yes',
    '-seed',
    '1',
    '-silprob',
    '1',
    '-beam',
    '1e-100',
    '-pbeam',
    '1e-100',
    '-wbeam',
    '1e-80',
    '-logfn',
    '/dev/null',
  ];
}

/** Runs one alignment, tied to this process and to `signal`; resolves with its stdout. */
export function runAligner(files: AlignerFiles, signal: AbortSignal): Promise<string> {
  const [command, args] = tiedCommand(pocketsphinxBinary(), buildAlignerArgs(files));
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    signal.addEventListener('abort', kill, { once: true });
    child.once('error', (error: NodeJS.ErrnoException) => {
      signal.removeEventListener('abort', kill);
      reject(
        new EngineError(
          'transcribe_failed',
          error.code === 'ENOENT'
            ? 'pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us, or set POCKETSPHINX_PATH); it times the words.'
            : `pocketsphinx could not be started to time the words: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (signal.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      } else if (code !== 0) {
        const reason = stderr.trim().split('\n').at(-1) ?? '';
        reject(
          new EngineError(
            'transcribe_failed',
            `pocketsphinx exited with code ${code} while timing words${reason ? `: ${reason}` : ''}`,
          ),
        );
      } else {
        resolve(stdout);
      }
    });
  });
}
