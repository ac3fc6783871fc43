// One media tool run (ffmpeg, ffprobe, melt) inside its ceilings: tied to this process, an
// address-space limit set on the child by the kernel, and a wall-clock limit in proportion to its
// work. A failure becomes a MediaToolError whose message is for users and whose detail (the
// tool's own stderr line) is for the log.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EngineError } from '../types.ts';
import { createLineTail, describeFailure } from './ffmpeg-output.ts';
import {
  MediaToolError,
  formatGb,
  formatSpan,
  isMemoryFailure,
  memoryLimitMessage,
  reachedCeiling,
  runMemoryLimit,
  timeLimitMessage,
  timeLimitMs,
  toolFailureMessage,
} from './run-limits.ts';
import type { MediaTask, MediaWork } from './run-limits.ts';
import { canLimitMemory, tiedCommand } from './tied-spawn.ts';

export type ToolName = 'ffmpeg' | 'ffprobe' | 'melt';

/** What every run may say about its limits. */
export type LimitOptions = {
  signal?: AbortSignal;
  /** What the run is for, named in the user's message when it stops (default 'media'). */
  task?: MediaTask;
  /** The media it reads or writes: its wall-clock limit grows with it. */
  work?: MediaWork;
  /** A lower memory ceiling for runs known to need little (probes, the example image). */
  memoryCapBytes?: number;
};

export type SpawnSpec = LimitOptions & {
  tool: ToolName;
  binary: string;
  argv: readonly string[];
  stdio: ('pipe' | 'ignore')[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  onStderrLine?: (line: string) => void;
  /** Whether a run that exited 0 failed all the same, by its stderr (melt exits 0 on a bad load). */
  failedDespiteExit0?: (stderrTail: string) => boolean;
};

export type RunResult = {
  /** The last lines the tool wrote to stderr (bounded). */
  stderrTail: string;
};

export type Spawned = { child: ChildProcess; done: Promise<RunResult>; stop: () => void };

const STDERR_TAIL_LINES = 40;
const PEAK_SAMPLE_MS = 250;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The child's peak address space, read now and then while it runs.
 * NOTE: this only names why a run stopped (an encoder that fails to start after libass took the
 * memory says just "Error while opening encoder"); the kernel enforces the ceiling itself.
 */
function samplePeak(child: ChildProcess): { peak: () => number; stop: () => void } {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmPeak:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // NOTE: gone already, or not Linux: the stderr text decides alone.
    }
  };
  const timer = setInterval(read, PEAK_SAMPLE_MS);
  timer.unref();
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

export function spawnLimited(spec: SpawnSpec): Spawned {
  const { signal, tool } = spec;
  const task = spec.task ?? 'media';
  const memoryBytes = canLimitMemory() ? runMemoryLimit(spec.memoryCapBytes) : null;
  const limitMs = timeLimitMs(spec.work);
  const [command, args] = tiedCommand(spec.binary, spec.argv, { memoryBytes });
  const env = spec.env ?? process.env;
  const child = spawn(command, args, {
    stdio: spec.stdio,
    windowsHide: true,
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    // NOTE: glibc gives each thread an arena that reserves 64 MB of address space; capped, the
    // ceiling measures memory used rather than reserved (x264 starts 1.5 threads per core).
    env: memoryBytes ? { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' } : env,
  });
  const tail = createLineTail(STDERR_TAIL_LINES, spec.onStderrLine);
  const peak = memoryBytes ? samplePeak(child) : null;
  let stopped = false;
  let timedOut = false;

  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => tail.write(chunk));

  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // ffmpeg finishes writing its trailer on SIGTERM; force it if it lingers.
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    timer.unref();
  };
  const onAbort = () => kill();
  // WARNING: a delay past 2^31 - 1 ms makes setTimeout fire at once.
  const clock = setTimeout(
    () => {
      timedOut = true;
      child.kill('SIGKILL');
    },
    Math.min(limitMs, MAX_TIMER_MS),
  );
  clock.unref();

  const failure = (code: number | null, killSignal: string | null): EngineError => {
    const text = tail.text();
    const peakBytes = peak?.peak() ?? 0;
    const limits = `ceilings: ${memoryBytes ? formatGb(memoryBytes) : 'no memory limit'}${
      peakBytes ? ` (peak ${formatGb(peakBytes)})` : ''
    }, ${formatSpan(limitMs / 1000)}`;
    const detail = `${describeFailure(tool, code, killSignal, text)} [${limits}]`;
    if (timedOut) {
      return new MediaToolError('time_limit', timeLimitMessage(task, limitMs, spec.work), detail);
    }
    if (isMemoryFailure({ tail: text, signal: killSignal, peakBytes, limitBytes: memoryBytes })) {
      return new MediaToolError('memory_limit', memoryLimitMessage(task, memoryBytes ?? 0), detail);
    }
    return new MediaToolError(`${tool}_failed`, toolFailureMessage(task), detail);
  };

  // WARNING: libass skips a glyph whose bitmap it cannot allocate, so a run held at its ceiling
  // can end well with its subtitles missing: that is a run stopped by the limit too.
  const failedQuietly = () =>
    spec.failedDespiteExit0?.(tail.text()) === true ||
    (memoryBytes !== null && reachedCeiling(peak?.peak() ?? 0, memoryBytes));

  const done = new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) kill();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(clock);
      peak?.stop();
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      settle();
      const name = tool.toUpperCase();
      reject(
        error.code === 'ENOENT'
          ? new EngineError(
              `${tool}_failed`,
              `${tool} is not installed or not on PATH (set ${name}_PATH to its location).`,
            )
          : new EngineError(`${tool}_failed`, `${tool} could not be started: ${error.message}`),
      );
    });
    child.once('close', (code, killSignal) => {
      settle();
      tail.end();
      if (signal?.aborted) {
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Aborted', 'AbortError'),
        );
      } else if (stopped || (!timedOut && code === 0 && !failedQuietly())) {
        resolve({ stderrTail: tail.text() });
      } else {
        reject(failure(code, killSignal));
      }
    });
  });
  const stop = () => {
    stopped = true;
    kill();
  };
  return { child, done, stop };
}
