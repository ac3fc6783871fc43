// The queue job that plans the framing of a run's shorts (issue 21). Services enqueue it with this
// definition; the handler (which loads the engine) is pipeline/frame-clips.job.ts.
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { findRunOwner } from './run-owner.repository.ts';

/**
 * Every short of the run whose follow path or split places are missing or stale is planned; so
 * one payload serves the analysis (the edit's default) and a confirm (the user's pick) alike.
 */
export const frameClipsJob = defineJob({
  name: 'frame-clips',
  payload: z.object({ instanceId: z.string().min(1) }),
  queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
  // NOTE: face detection is heavy: it takes its turn with the user's analyses and renders.
  ownerOf: ({ instanceId }, db) => findRunOwner(db, instanceId),
});
