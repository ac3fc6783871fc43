import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { JobContext, JobHandler } from './job.ts';
import { isLastAttempt } from './job.ts';
import { createClaimKeeper } from './claim-keeper.ts';

export type RunnerDeps = Omit<JobContext, 'log' | 'jobId' | 'signal' | 'attempt' | 'keepClaim'> & {
  log: FastifyBaseLogger;
};

/**
 * Engine failures that another try may not meet: a tool that crashed or was killed (out of
 * memory, a lost machine), a recogniser that stopped. Every other engine error is about the video
 * or the settings, and would fail again the same way.
 */
const RETRYABLE_ENGINE_CODES = new Set(['ffmpeg_failed', 'ffprobe_failed', 'transcribe_failed']);

/** Whether a handler's error is worth another try (with the queue's backoff). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (error.name === 'JobStateError' || error.name === 'ZodError') return false;
  if (error.name === 'EngineError') {
    const code = 'code' in error ? String(error.code) : '';
    return RETRYABLE_ENGINE_CODES.has(code);
  }
  // NOTE: database, file system and network errors: usually passing.
  return true;
}

/**
 * Runs one claimed job: checks its payload, hands the handler its context and the try it is on,
 * and logs a failure once. A thrown error goes back to pg-boss, which retries with backoff until
 * the queue's retry limit, then moves the job to its dead-letter queue.
 */
export async function runJob(
  job: JobHandler,
  entry: JobWithMetadata,
  deps: RunnerDeps,
): Promise<void> {
  const attempt = { retryCount: entry.retryCount, retryLimit: entry.retryLimit };
  const log = deps.log.child({ job: job.name, jobId: entry.id, try: attempt.retryCount + 1 });
  const parsed = job.payload.safeParse(entry.data);
  if (!parsed.success) {
    // NOTE: a payload that does not parse never will: retrying it would only repeat this.
    log.error({ issues: parsed.error.issues }, 'job payload is not valid; dropped');
    return;
  }
  const { queue } = deps;
  const keepClaim =
    queue?.keepClaim && queue.heartbeatSeconds
      ? createClaimKeeper(
          (name, id, retryCount) => queue.keepClaim?.(name, id, retryCount) ?? Promise.resolve(),
          { jobName: job.name, id: entry.id, retryCount: entry.retryCount },
          (queue.heartbeatSeconds * 1000) / 3,
          (error) => log.warn({ err: error }, 'could not refresh the job claim'),
        )
      : undefined;
  try {
    await job.handle(parsed.data, {
      ...deps,
      log,
      jobId: entry.id,
      signal: entry.signal,
      attempt,
      ...(keepClaim ? { keepClaim } : {}),
    });
  } catch (error) {
    if (isLastAttempt(attempt)) log.error({ err: error }, 'job failed with no tries left');
    else log.warn({ err: error }, 'job failed; the queue retries it');
    throw error;
  }
}
