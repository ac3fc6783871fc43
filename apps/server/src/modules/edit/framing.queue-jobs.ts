// The queue job that plans the framing of a run's shorts (issue 21). Services enqueue it with this
// definition; the handler (which loads the engine) is pipeline/frame-clips.job.ts.
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findRunOwner } from './run-owner.repository.ts';

/**
 * Without `clipId`, every short of the run whose own framing's plans are missing or stale is
 * planned, so one payload serves the analysis (the edit's default) and a confirm (the user's pick)
 * alike. With it, that short only, whatever its framing: the clip screen asked for a pick.
 */
export const frameClipsJob = defineJob({
  name: 'frame-clips',
  payload: z.object({ instanceId: z.string().min(1), clipId: z.string().min(1).optional() }),
  queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
  // NOTE: face detection is heavy: it takes its turn with the user's analyses and renders.
  ownerOf: ({ instanceId }, db) => findRunOwner(db, instanceId),
});

type FrameClipsPayload = z.infer<typeof frameClipsJob.payload>;

/** pg-boss states of a job that has not ended: waiting its turn, waiting a retry, or running. */
const UNFINISHED = new Set(['created', 'retry', 'active']);

/**
 * Whether a frame-clips job that will plan the clip has not ended: one for the clip, or one for its
 * run when `runCovers` (the clip's own framing needs a plan). NOTE: the preview asks every few
 * seconds while pending, and each pending answer would otherwise queue one more job.
 */
export async function framingJobUnfinished(
  queue: JobQueue,
  ids: { instanceId: string; clipId: string },
  runCovers: boolean,
): Promise<boolean> {
  const jobs = await queue.boss.findJobs<FrameClipsPayload>(frameClipsJob.name, {
    data: { instanceId: ids.instanceId },
  });
  return jobs.some(
    (job) =>
      UNFINISHED.has(job.state) &&
      (job.data.clipId === undefined ? runCovers : job.data.clipId === ids.clipId),
  );
}
