// How the job queue runs: slots, heartbeats and retries (JOB_* variables).
import os from 'node:os';

/**
 * A dead worker's job is retried after at most heartbeatSeconds + superviseSeconds + the retry
 * delay (plus one poll). The two overrides exist for operators and the fault tests.
 */
export type JobTiming = {
  /** A worker that sent no heartbeat this long is taken for dead (pg-boss needs at least 10). */
  heartbeatSeconds: number;
  /** How often the queue looks for lapsed heartbeats and expired jobs. */
  superviseSeconds: number;
  /** Replaces every queue's retry delay (the first of its backoff). */
  retryDelaySeconds: number | undefined;
  /** Replaces every queue's retry limit. */
  retryLimit: number | undefined;
  /** Analyses (and, apart, renders) one process runs at once; one of them per user at a time. */
  slots: number;
  /** Open the analysis's models before taking jobs (off in the API tests, which rarely analyse). */
  warmUp: boolean;
};

/** Two at least, so another user's job always finds a free slot; at most four (memory). */
export const defaultJobSlots = (cores: number = os.availableParallelism()): number =>
  Math.max(2, Math.min(4, cores));
