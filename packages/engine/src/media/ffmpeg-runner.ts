// The media adapter: the only module that spawns ffmpeg, ffprobe (and melt). Always argument
// arrays, never a shell, so no user text is ever interpreted by one; every run inside its
// ceilings (limited-spawn.ts, run-limits.ts).
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { EngineError } from '../types.ts';
import type { ProgressFn } from '../types.ts';
import { createProgressParser } from './ffmpeg-output.ts';
import { spawnLimited } from './limited-spawn.ts';
import { meltEnvironment, saysQtMissing } from './melt-qt.ts';
import { MediaToolError, toolFailureMessage } from './run-limits.ts';
import type { LimitOptions, RunResult, Spawned, ToolName } from './limited-spawn.ts';

export { createLineTail, createProgressParser, describeFailure } from './ffmpeg-output.ts';
export type { LimitOptions } from './limited-spawn.ts';
export {
  MEMORY_LIMIT_ENV,
  MediaToolError,
  TIME_FACTOR_ENV,
  memoryLimitBytes,
  memoryLimitMessage,
  timeLimitMessage,
  toolFailureMessage,
} from './run-limits.ts';
export type { MediaTask, MediaWork } from './run-limits.ts';

export type FfmpegOptions = LimitOptions & {
  /** Length of the output timeline in seconds; needed to turn ffmpeg's out_time into a fraction. */
  durationS?: number;
  onProgress?: ProgressFn;
  /** ffmpeg -loglevel; default `error` so the stderr tail is the reason of a failure. */
  logLevel?: string;
  /** Every stderr line as it arrives (e.g. for silencedetect/showinfo output at `info` level). */
  onStderrLine?: (line: string) => void;
  /** Bytes written to ffmpeg's stdin (read with `-i pipe:0`), e.g. `filesInOrder(paths)`. */
  stdin?: AsyncIterable<Uint8Array>;
  /** Bytes for more inputs, each on its own pipe: read the i-th with `-i ${inputPipe(i)}`. */
  pipes?: readonly AsyncIterable<Uint8Array>[];
};

export type FfmpegRunResult = RunResult;

export type FfmpegStream = {
  /** ffmpeg's stdout: whatever the arguments send to `pipe:1`. */
  stdout: Readable;
  /** Settles when ffmpeg exits; rejects like runFfmpeg. */
  done: Promise<FfmpegRunResult>;
  /** Stops ffmpeg early (e.g. the reader has seen enough); `done` then resolves. */
  stop(): void;
};

// NOTE: progress goes to fd 3, not stdout, so stdout stays free for piped media (streamFfmpeg).
const PROGRESS_FD = 3;
const FIRST_INPUT_FD = 4;

/** The address of the i-th of `FfmpegOptions.pipes`, for `-i`. */
export const inputPipe = (i: number): string => `pipe:${FIRST_INPUT_FD + i}`;

export const ffmpegBinary = (): string => process.env.FFMPEG_PATH || 'ffmpeg';
export const ffprobeBinary = (): string => process.env.FFPROBE_PATH || 'ffprobe';
export const meltBinary = (): string => process.env.MELT_PATH || 'melt';

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

function spawnTool(
  tool: ToolName,
  argv: string[],
  options: FfmpegOptions,
  stdoutMode: 'pipe' | 'ignore',
): Spawned {
  const wantsProgress = tool === 'ffmpeg' && !!options.onProgress;
  const stdio: ('pipe' | 'ignore')[] = [options.stdin ? 'pipe' : 'ignore', stdoutMode, 'pipe'];
  const pipes = options.pipes ?? [];
  if (wantsProgress || pipes.length) stdio.push(wantsProgress ? 'pipe' : 'ignore');
  for (const _ of pipes) stdio.push('pipe');
  const binary =
    tool === 'ffmpeg' ? ffmpegBinary() : tool === 'ffprobe' ? ffprobeBinary() : meltBinary();
  const work =
    options.work ?? (options.durationS !== undefined ? { mediaS: options.durationS } : undefined);
  // NOTE: tied to this process, so a worker killed mid-render takes its ffmpeg with it.
  const spawned = spawnLimited({
    tool,
    binary,
    argv,
    stdio,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.task ? { task: options.task } : {}),
    ...(work ? { work } : {}),
    ...(options.memoryCapBytes ? { memoryCapBytes: options.memoryCapBytes } : {}),
    ...(options.onStderrLine ? { onStderrLine: options.onStderrLine } : {}),
  });
  const { child } = spawned;
  if (options.stdin && child.stdin) feedStdin(child.stdin, options.stdin);
  pipes.forEach((source, i) => {
    const pipe = child.stdio[FIRST_INPUT_FD + i] as Writable | null;
    if (pipe) feedStdin(pipe, source);
  });
  if (wantsProgress && options.onProgress) {
    const parse = createProgressParser(options.durationS, options.onProgress);
    const progressPipe = child.stdio[PROGRESS_FD] as Readable | null;
    progressPipe?.setEncoding('utf8');
    progressPipe?.on('data', (chunk: string) => parse(chunk));
    // NOTE: errors on the progress pipe must not crash the process; the exit code decides.
    progressPipe?.on('error', () => undefined);
  }
  return spawned;
}

/**
 * Runs ffmpeg to completion. Rejects with a MediaToolError ('ffmpeg_failed', 'memory_limit',
 * 'time_limit': a message for users, ffmpeg's own words in `detail`) or the abort reason.
 */
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

export type FfprobeOptions = LimitOptions & { onStderrLine?: (line: string) => void };

/** Runs ffprobe and returns its stdout. Rejects like runFfmpeg ('ffprobe_failed', limits). */
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

/** How many times a melt run that lost MLT's start race (below) is started again. */
const MELT_START_TRIES = 8;
/** What MLT's avformat consumer logs (at -verbose) when its thread ended before writing a byte. */
const MELT_LOST_START = /Statistics: 0 bytes written/;

/**
 * Runs melt (the MLT framework's renderer) inside the same ceilings, from `cwd` with `env`.
 * Rejects like runFfmpeg ('melt_failed', limits).
 * WARNING: MLT 7.12's avformat consumer starts its thread before it marks itself running, and the
 * thread stops at once when it looks first: it then closes its output empty, and melt either
 * exits 0 leaving an unreadable file or waits for it forever (seen in 1 run of 25 on a loaded
 * 2-core machine, 1 in 4 with -verbose). The consumer says so at -verbose ("0 bytes written"), so
 * such a run is stopped at once and started again.
 * WARNING: every run has Qt (melt-qt.ts): without it melt drops the project's qtblend compositing
 * and exits 0 with the tracks below the top one gone, so a run that says so is stopped and fails.
 */
export async function runMelt(
  args: readonly string[],
  options: LimitOptions & {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    onStderrLine?: (line: string) => void;
  } = {},
): Promise<RunResult> {
  const { cwd, env, onStderrLine, ...limits } = options;
  const environment = meltEnvironment(env ?? process.env);
  for (let tries = 1; ; tries++) {
    let lostStart = false;
    /** melt's line saying its Qt module did not load, if it did not. */
    let qtMissing: string = '';
    const run: Spawned = spawnLimited({
      ...limits,
      tool: 'melt',
      binary: meltBinary(),
      argv: ['-verbose', ...args],
      stdio: ['ignore', 'ignore', 'pipe'],
      // WARNING: melt exits 0 when it cannot load a project or its modules; only stderr says so.
      failedDespiteExit0: (tail) => /^Failed to load|failed to dlopen/m.test(tail),
      onStderrLine: (line) => {
        if (MELT_LOST_START.test(line) && !lostStart) {
          lostStart = true;
          run.stop();
        }
        if (saysQtMissing(line) && !qtMissing) {
          qtMissing = line.trim();
          run.stop();
        }
        onStderrLine?.(line);
      },
      env: environment,
      ...(cwd ? { cwd } : {}),
    });
    // NOTE: a run that lost the race ends well (exit 0, or stopped here); one that failed
    // otherwise (a limit, a bad project) rejects with its own reason.
    const result = await run.done;
    if (qtMissing) {
      throw new MediaToolError(
        'melt_failed',
        toolFailureMessage(limits.task ?? 'media'),
        `MLT's Qt module did not load, so melt would leave out the project's compositing: ${qtMissing}`,
      );
    }
    if (!lostStart) return result;
    if (tries >= MELT_START_TRIES) {
      throw new MediaToolError(
        'melt_failed',
        toolFailureMessage(limits.task ?? 'media'),
        `melt stopped before writing a frame ${tries} times in a row (MLT's start race)`,
      );
    }
  }
}
