// Runs independent tasks a few at a time. Small ffmpeg runs leave cores idle while they start,
// seek and flush, so two or more side by side finish sooner than one after another.
import { availableParallelism } from 'node:os';

/** How many render processes run side by side: one per core, at most four. */
export const defaultConcurrency = (): number => Math.max(1, Math.min(4, availableParallelism()));

/**
 * Calls `run` for every task with at most `limit` running at once. The first failure aborts the
 * others (through the signal each run gets) and is thrown once they have all settled, so no
 * process outlives the call.
 */
export async function runPool<T>(
  tasks: readonly T[],
  limit: number,
  run: (task: T, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (!controller.signal.aborted && next < tasks.length) {
      const task = tasks[next++] as T;
      try {
        await run(task, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (failure) throw (failure as { error: unknown }).error;
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}
