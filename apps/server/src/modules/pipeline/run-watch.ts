import type { InstanceState } from '@roughcut/shared';
import type { Db } from '../../db/client.ts';
import { runPort } from '../edit/index.ts';

export const WATCH_INTERVAL_MS = 1000;

export class RunStoppedError extends Error {
  constructor() {
    super('The edit was cancelled or deleted while it ran.');
    this.name = 'RunStoppedError';
  }
}

export type RunWatch = {
  /** Aborts when the run leaves its state (Cancel, Delete) or pg-boss drops the job. */
  signal: AbortSignal;
  /** True when the abort came from the run (cancelled or deleted), not from the queue. */
  stoppedByUser(): boolean;
  stop(): void;
};

/**
 * Polls the run every second while a worker runs it, so a Cancel made on any web process
 * stops the engine's ffmpeg and transcription within about a second.
 */
export function watchRun(
  db: Db,
  instanceId: string,
  expected: InstanceState,
  queueSignal: AbortSignal,
  intervalMs = WATCH_INTERVAL_MS,
): RunWatch {
  const controller = new AbortController();
  let stopped = false;
  let byUser = false;
  const check = async (): Promise<void> => {
    const current = await runPort.readStatus(db, instanceId);
    if (stopped) return;
    if (
      !current ||
      current.status !== expected.status ||
      current.confirmed !== expected.confirmed
    ) {
      byUser = true;
      controller.abort(new RunStoppedError());
    }
  };
  const timer = setInterval(() => {
    check().catch(() => undefined); // NOTE: a failed poll retries on the next tick
  }, intervalMs);
  timer.unref();
  const onQueueAbort = () => controller.abort(queueSignal.reason);
  if (queueSignal.aborted) onQueueAbort();
  else queueSignal.addEventListener('abort', onQueueAbort, { once: true });
  return {
    signal: controller.signal,
    stoppedByUser: () => byUser,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      queueSignal.removeEventListener('abort', onQueueAbort);
    },
  };
}

/** Progress writes at most every `intervalMs`, never more than one in flight. */
export function throttledProgress(
  write: (fraction: number) => Promise<void>,
  intervalMs = 1000,
): { report(fraction: number): void; flush(): Promise<void>; stop(): void } {
  let last = 0;
  let latest = 0;
  let stopped = false;
  let inFlight: Promise<void> | undefined;
  const send = (fraction: number) => {
    inFlight = write(fraction)
      .catch(() => undefined) // NOTE: progress is advisory; the next report retries
      .finally(() => {
        inFlight = undefined;
      });
  };
  return {
    report(fraction) {
      latest = Math.min(1, Math.max(0, fraction));
      const now = Date.now();
      if (stopped || inFlight || now - last < intervalMs) return;
      last = now;
      send(latest);
    },
    async flush() {
      await inFlight;
    },
    /** Reports from now on are dropped (the stage is closing: its last write is progress 1). */
    stop() {
      stopped = true;
    },
  };
}
