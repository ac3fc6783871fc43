// Inference runs on the thread that serves HTTP and keeps the job queue's claims alive, and
// onnxruntime-web's `run` settles without giving the event loop a turn: a decode loop of a few
// hundred steps awaits only settled promises, so timers and requests waited for all of it (10 to
// 30 s per utterance on a loaded two-core machine, long enough for the queue to take a render's
// job back). Long loops give the loop a turn every slice instead.

/** How long a loop may compute before it lets timers and I/O run. */
export const COMPUTE_SLICE_MS = 40;

let sliceStart = performance.now();

/**
 * Lets the event loop run its timers and I/O once this thread has computed for a slice without
 * a turn; otherwise returns at once. NOTE: setImmediate, not a settled promise: the continuation
 * then waits for a whole turn of the loop, timers and I/O included.
 */
export async function giveEventLoopATurn(): Promise<void> {
  if (performance.now() - sliceStart < COMPUTE_SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}
