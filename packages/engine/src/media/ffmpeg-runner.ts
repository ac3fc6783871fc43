// The media adapter: the only module that spawns ffmpeg or ffprobe. Always argument arrays, never a
// shell, so no user text is ever interpreted by one.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { EngineError } from '../types.ts';
import { tiedCommand } from './tied-spawn.ts';
import type { ProgressFn } from '../types.ts';

export type FfmpegOptions = {
  signal?: AbortSignal;
  /** Length of the output timeline in seconds; needed to turn ffmpeg's out_time into a fraction. */
  durationS?: number;
  onProgress?: ProgressFn;
  /** ffmpeg -loglevel; default `error` so the stderr tail is the reason of a failure. */
  logLevel?: string;
  /** Every stderr line as it arrives (e.g. for silencedetect/showinfo output at `info` level). */
  onStderrLine?: (line: string) => void;
  /** Bytes written to ffmpeg's stdin (read with `-i pipe:0`), e.g. `filesInOrder(paths)`. */
  stdin?: AsyncIterable<Uint8Array>;
};

export type FfmpegRunResult = {
  /** The last lines ffmpeg wrote to stderr (bounded). */
  stderrTail: string;
};

export type FfmpegStream = {
  /** ffmpeg's stdout: whatever the arguments send to `pipe:1`. */
  stdout: Readable;
  /** Settles when ffmpeg exits; rejects like runFfmpeg. */
  done: Promise<FfmpegRunResult>;
  /** Stops ffmpeg early (e.g. the reader has seen enough); `done` then resolves. */
  stop(): void;
};

const STDERR_TAIL_LINES = 40;
// NOTE: progress goes to fd 3, not stdout, so stdout stays free for piped media (streamFfmpeg).
const PROGRESS_FD = 3;

export const ffmpegBinary = (): string => process.env.FFMPEG_PATH || 'ffmpeg';
export const ffprobeBinary = (): string => process.env.FFPROBE_PATH || 'ffprobe';

/** The full ffmpeg argument list: fixed, non-interactive flags first, then the caller's. */
export function buildFfmpegArgs(args: readonly string[], options: FfmpegOptions = {}): string[] {
  const head = ['-hide_banner', '-nostdin', '-y', '-loglevel', options.logLevel ?? 'error'];
  if (options.onProgress) head.push('-progress', `pipe:${PROGRESS_FD}`, '-nostats');
  else head.push('-nostats');
  return [...head, ...args];
}

export function buildFfprobeArgs(args: readonly string[]): string[] {
  return ['-hide_banner', '-loglevel', 'error', ...args];
}

/**
 * A stateful parser for ffmpeg's `-progress` key=value stream. Chunks may split lines anywhere.
 * Reports a fraction in [0, 1] that never goes backwards, and 1 at `progress=end`.
 */
export function createProgressParser(
  durationS: number | undefined,
  onProgress: ProgressFn,
): (chunk: string) => void {
  let pending = '';
  let last = -1;
  const report = (fraction: number) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped > last) {
      last = clamped;
      onProgress(clamped);
    }
  };
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'progress' && value === 'end') {
        report(1);
      } else if ((key === 'out_time_us' || key === 'out_time_ms') && durationS && durationS > 0) {
        // NOTE: despite its name, out_time_ms is in microseconds too (a long-standing ffmpeg quirk).
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0) report(us / 1e6 / durationS);
      }
    }
  };
}

/** Keeps the last `maxLines` complete lines of a text stream, and calls `onLine` for each. */
export function createLineTail(maxLines: number, onLine?: (line: string) => void) {
  const lines: string[] = [];
  let pending = '';
  const push = (line: string) => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed) return;
    onLine?.(trimmed);
    lines.push(trimmed);
    if (lines.length > maxLines) lines.shift();
  };
  return {
    write(chunk: string) {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      parts.forEach(push);
    },
    end() {
      if (pending) push(pending);
      pending = '';
    },
    text: () => lines.join('\n'),
    lines: () => [...lines],
  };
}

/** The one line a user or operator should see for a failed ffmpeg/ffprobe run. */
export function describeFailure(
  tool: string,
  code: number | null,
  signal: string | null,
  tail: string,
): string {
  const lines = tail
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // Prefer the last line that looks like a reason over ffmpeg's generic closing lines.
  const generic =
    /^(Conversion failed!|Exiting normally|Error while filtering|Nothing was written)/i;
  const reason = [...lines].reverse().find((l) => !generic.test(l)) ?? lines.at(-1);
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  return reason ? `${tool} ${how}: ${reason}` : `${tool} ${how}`;
}

/** The bytes of the files, one after another. */
export async function* filesInOrder(paths: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const path of paths) yield* createReadStream(path);
}

/**
 * Writes the bytes into a child's stdin, minding backpressure, then closes it.
 * NOTE: a failure here (ffmpeg exited early: EPIPE) is not reported; ffmpeg's exit code decides.
 */
function feedStdin(stdin: Writable, source: AsyncIterable<Uint8Array>): void {
  let broken = false;
  stdin.once('error', () => {
    broken = true;
  });
  const closed = once(stdin, 'close').catch(() => undefined);
  void (async () => {
    for await (const chunk of source) {
      if (broken) return;
      // NOTE: waits for 'drain' or 'close' so a child that exits early never leaves this hanging.
      if (!stdin.write(chunk)) await Promise.race([once(stdin, 'drain'), closed]);
    }
  })()
    .catch(() => undefined)
    .finally(() => stdin.end());
}

type Spawned = { child: ChildProcess; done: Promise<FfmpegRunResult>; stop: () => void };

function spawnTool(
  tool: 'ffmpeg' | 'ffprobe',
  argv: string[],
  options: FfmpegOptions,
  stdoutMode: 'pipe' | 'ignore',
): Spawned {
  const { signal } = options;
  const wantsProgress = tool === 'ffmpeg' && !!options.onProgress;
  const stdio: ('pipe' | 'ignore')[] = [options.stdin ? 'pipe' : 'ignore', stdoutMode, 'pipe'];
  if (wantsProgress) stdio.push('pipe');
  const binary = tool === 'ffmpeg' ? ffmpegBinary() : ffprobeBinary();
  // NOTE: tied to this process, so a worker killed mid-render takes its ffmpeg with it.
  const [command, commandArgs] = tiedCommand(binary, argv);
  const child = spawn(command, commandArgs, { stdio, windowsHide: true });
  const tail = createLineTail(STDERR_TAIL_LINES, options.onStderrLine);
  let stopped = false;

  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => tail.write(chunk));
  if (options.stdin && child.stdin) feedStdin(child.stdin, options.stdin);
  if (wantsProgress && options.onProgress) {
    const parse = createProgressParser(options.durationS, options.onProgress);
    const progressPipe = child.stdio[PROGRESS_FD] as Readable | null;
    progressPipe?.setEncoding('utf8');
    progressPipe?.on('data', (chunk: string) => parse(chunk));
    // NOTE: errors on the progress pipe must not crash the process; the exit code decides.
    progressPipe?.on('error', () => undefined);
  }

  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // ffmpeg finishes writing its trailer on SIGTERM; force it if it lingers.
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    timer.unref();
  };
  const onAbort = () => kill();

  const done = new Promise<FfmpegRunResult>((resolve, reject) => {
    if (signal?.aborted) {
      kill();
    } else {
      signal?.addEventListener('abort', onAbort, { once: true });
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      if (error.code === 'ENOENT') {
        reject(
          new EngineError(
            `${tool}_failed`,
            `${tool} is not installed or not on PATH (set ${tool.toUpperCase()}_PATH to its location).`,
          ),
        );
      } else {
        reject(new EngineError(`${tool}_failed`, `${tool} could not be started: ${error.message}`));
      }
    });
    child.once('close', (code, killSignal) => {
      signal?.removeEventListener('abort', onAbort);
      tail.end();
      if (signal?.aborted) {
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Aborted', 'AbortError'),
        );
      } else if (stopped || code === 0) {
        resolve({ stderrTail: tail.text() });
      } else {
        reject(
          new EngineError(`${tool}_failed`, describeFailure(tool, code, killSignal, tail.text())),
        );
      }
    });
  });
  const stop = () => {
    stopped = true;
    kill();
  };
  return { child, done, stop };
}

/** Runs ffmpeg to completion. Rejects with EngineError('ffmpeg_failed') or the abort reason. */
export async function runFfmpeg(
  args: readonly string[],
  options: FfmpegOptions = {},
): Promise<FfmpegRunResult> {
  const { done } = spawnTool('ffmpeg', buildFfmpegArgs(args, options), options, 'ignore');
  return done;
}

/** Runs ffmpeg with stdout piped, for reading raw output (e.g. PCM) without holding it in memory. */
export function streamFfmpeg(args: readonly string[], options: FfmpegOptions = {}): FfmpegStream {
  const { child, done, stop } = spawnTool(
    'ffmpeg',
    buildFfmpegArgs(args, options),
    options,
    'pipe',
  );
  if (!child.stdout) throw new EngineError('ffmpeg_failed', 'ffmpeg stdout is not available.');
  // NOTE: a reader that stops early makes ffmpeg's stdout EPIPE; `stop()` covers that case.
  return { stdout: child.stdout, done, stop };
}

export type FfprobeOptions = { signal?: AbortSignal; onStderrLine?: (line: string) => void };

/** Runs ffprobe and returns its stdout. Rejects with EngineError('ffprobe_failed'). */
export async function runFfprobe(
  args: readonly string[],
  options: FfprobeOptions = {},
): Promise<string> {
  const { stdout, done } = streamFfprobe(args, options);
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs ffprobe with stdout piped, for outputs too long to hold (e.g. every packet of a long video). */
export function streamFfprobe(args: readonly string[], options: FfprobeOptions = {}): FfmpegStream {
  const { child, done, stop } = spawnTool('ffprobe', buildFfprobeArgs(args), options, 'pipe');
  if (!child.stdout) throw new EngineError('ffprobe_failed', 'ffprobe stdout is not available.');
  return { stdout: child.stdout, done, stop };
}
