// The export threads: a small pool of worker threads (exports.worker.ts) that make exports one at a
// time each, so a timeline of tens of thousands of cuts never holds the thread that answers
// requests. Each thread has a memory ceiling and each export a wall-clock limit; what waits for a
// thread is bounded too.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExportReply, ExportRequest, ExportTask, ExportTaskResult } from './exports.worker.ts';

const WORKER_URL = new URL('./exports.worker.ts', import.meta.url);

export type ExportThreadsOptions = {
  threads: number;
  /** Exports waiting for a thread at most; more are refused at once. */
  maxWaiting: number;
  /** One export's wall-clock limit in its thread. */
  timeoutMs: number;
  /** One thread's JavaScript heap at most. */
  maxHeapMb: number;
  /** A thread left idle this long ends, giving its memory back. */
  idleMs: number;
};

/**
 * NOTE: the request thread and the job worker (renders, analysis) keep a core each; exports get
 * what is left, and at least one thread. On two cores that is one thread.
 */
export const DEFAULT_EXPORT_THREADS: ExportThreadsOptions = {
  threads: Math.max(1, Math.min(4, os.availableParallelism() - 2)),
  maxWaiting: 32,
  timeoutMs: 10 * 60_000,
  maxHeapMb: 512,
  idleMs: 30_000,
};

export type ExportThreadFailure = 'busy' | 'timeout' | 'memory' | 'failed' | 'closed';

export class ExportThreadError extends Error {
  readonly kind: ExportThreadFailure;
  constructor(kind: ExportThreadFailure, message: string) {
    super(message);
    this.name = 'ExportThreadError';
    this.kind = kind;
  }
}

/** Makes the task when a thread is free, so what waits holds no clip data. */
export type PrepareTask = () => Promise<ExportTask>;

export type ExportThreads = {
  run(prepare: PrepareTask): Promise<ExportTaskResult>;
  close(): Promise<void>;
};

type Job = {
  prepare: PrepareTask;
  resolve: (result: ExportTaskResult) => void;
  reject: (error: unknown) => void;
};

type Thread = {
  worker: Worker;
  job: Job | undefined;
  requestId: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** The running export's wall-clock limit. */
  limitTimer: NodeJS.Timeout | undefined;
  failure: ExportThreadError | undefined;
};

export function createExportThreads(options: ExportThreadsOptions): ExportThreads {
  const threads = new Set<Thread>();
  const idle: Thread[] = [];
  const waiting: Job[] = [];
  let nextRequest = 0;
  let closed = false;

  const finish = (thread: Thread, settle: (job: Job) => void) => {
    const { job } = thread;
    thread.job = undefined;
    clearTimeout(thread.limitTimer);
    if (job) settle(job);
  };

  const retire = (thread: Thread) => {
    threads.delete(thread);
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
  };

  const spawn = (): Thread => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    // NOTE: an idle thread never keeps the process alive on its way out.
    worker.unref();
    const thread: Thread = {
      worker,
      job: undefined,
      requestId: -1,
      idleTimer: undefined,
      limitTimer: undefined,
      failure: undefined,
    };
    worker.on('message', (reply: ExportReply) => {
      if (reply.id !== thread.requestId) return;
      if ('error' in reply) {
        finish(thread, (job) => job.reject(new ExportThreadError('failed', reply.error)));
      } else {
        finish(thread, (job) => job.resolve(reply.result));
      }
      release(thread);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      thread.failure ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ExportThreadError('memory', 'The export thread ran out of memory.')
          : new ExportThreadError('failed', error.stack ?? error.message);
    });
    worker.on('exit', () => {
      retire(thread);
      const failure =
        thread.failure ?? new ExportThreadError('failed', 'The export thread stopped.');
      finish(thread, (job) => job.reject(failure));
      dispatch();
    });
    threads.add(thread);
    return thread;
  };

  const release = (thread: Thread) => {
    if (closed) return;
    idle.push(thread);
    thread.idleTimer = setTimeout(() => {
      retire(thread);
      void thread.worker.terminate();
    }, options.idleMs);
    thread.idleTimer.unref();
    dispatch();
  };

  const start = async (thread: Thread, job: Job) => {
    thread.job = job;
    let task: ExportTask;
    try {
      task = await job.prepare();
    } catch (error) {
      finish(thread, (j) => j.reject(error));
      release(thread);
      return;
    }
    if (thread.job !== job) return; // the thread ended while the task was being prepared
    thread.requestId = nextRequest++;
    thread.limitTimer = setTimeout(() => {
      thread.failure = new ExportThreadError('timeout', 'The export ran past its time limit.');
      void thread.worker.terminate();
    }, options.timeoutMs);
    thread.limitTimer.unref();
    thread.worker.postMessage({ id: thread.requestId, task } satisfies ExportRequest);
  };

  function dispatch(): void {
    while (!closed && waiting.length > 0) {
      let thread = idle.pop();
      if (thread?.idleTimer) clearTimeout(thread.idleTimer);
      if (!thread && threads.size < options.threads) thread = spawn();
      if (!thread) return;
      const job = waiting.shift();
      if (job) void start(thread, job);
    }
  }

  return {
    run(prepare) {
      if (closed) return Promise.reject(new ExportThreadError('closed', 'The server is stopping.'));
      if (waiting.length >= options.maxWaiting) {
        return Promise.reject(new ExportThreadError('busy', 'Too many exports are waiting.'));
      }
      return new Promise<ExportTaskResult>((resolve, reject) => {
        waiting.push({ prepare, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) {
        job.reject(new ExportThreadError('closed', 'The server is stopping.'));
      }
      await Promise.all(
        [...threads].map((thread) => {
          thread.failure ??= new ExportThreadError('closed', 'The server is stopping.');
          return thread.worker.terminate();
        }),
      );
    },
  };
}
