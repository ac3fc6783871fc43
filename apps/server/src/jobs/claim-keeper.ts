// A running job's heartbeat from the work itself: every report of progress (ffmpeg's, the
// recogniser's) tells the queue the claim is alive, beside pg-boss's own timer. NOTE: both run on
// the event loop; what keeps them from starving is that long computations give the loop a turn
// (engine onnx/event-loop-turn.ts). This one also covers the supervisor of another process
// judging the claim between two of this process's timer ticks.

/** What the queue offers a running job: refresh the heartbeat of this try of it. */
export type ClaimRefresher = (jobName: string, id: string, retryCount: number) => Promise<void>;

/**
 * A function to call on every sign of progress; it refreshes the claim at most every
 * `everyMs` (a third of the heartbeat, so two may be missed before the claim lapses).
 */
export function createClaimKeeper(
  refresh: ClaimRefresher,
  claim: { jobName: string; id: string; retryCount: number },
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let last = Date.now();
  let pending = false;
  return () => {
    const now = Date.now();
    if (pending || now - last < everyMs) return;
    last = now;
    pending = true;
    refresh(claim.jobName, claim.id, claim.retryCount)
      .catch(onError)
      .finally(() => {
        pending = false;
      });
  };
}
