import { handleJob, isLastAttempt } from '../../jobs/job.ts';
import type { JobContext } from '../../jobs/job.ts';
import { isRetryable } from '../../jobs/job-runner.ts';
import { clipPlan, runPort, runQueueJobs } from '../edit/index.ts';
import { planClipFraming, probeForRender } from '../../engine-adapter/engine.adapter.ts';
import type { ClipFramings } from '../../engine-adapter/engine.adapter.ts';
import { pinnedVideo } from './pinned-video.ts';

const CENTRE = { mode: 'centre' } as const;

/**
 * Plans the framing of the run's shorts (issue 21): every short followed or split with no current
 * plans, or the one short the payload names (the clip screen's pick). One face track over the
 * clip's whole window gives the follow path and the split places, stored with the clip for the
 * preview and the render. Idempotent: a retry plans only what is still missing; a clip whose
 * window moved meanwhile keeps its newer state, and is planned by the next job asked for it. A clip
 * that cannot be planned on the last try is stored with the centre crop for both. A job whose
 * edit (or video) is gone ends at once, without the queue's retries.
 */
export const frameClipsHandler = handleJob(runQueueJobs.frameClips, async (payload, context) => {
  try {
    await frameClips(payload, context);
  } catch (error) {
    // NOTE: a job queued just before its edit was deleted meets the run or its video gone
    // mid-way; another try would meet the same, so the job ends now instead of being retried.
    if (context.signal.aborted) throw error;
    const gone = !(await runPort.findRun(context.db, payload.instanceId));
    if (!gone && isRetryable(error)) throw error;
    const details = { err: error, instanceId: payload.instanceId };
    if (gone) context.log.info(details, 'the edit is gone: nothing to frame');
    else context.log.warn(details, 'framing cannot be planned, and another try would not help');
  }
});

async function frameClips(
  { instanceId, clipId }: { instanceId: string; clipId?: string | undefined },
  context: JobContext,
): Promise<void> {
  const { db, storage, signal, log } = context;
  const instance = await runPort.findRun(db, instanceId);
  if (!instance) return;
  const clips = await runPort.clipsToFrame(db, instanceId, clipId);
  if (!clips.length) return;
  const video = await pinnedVideo(db, storage, instance);
  const probe = instance.videoProbe ?? (await probeForRender(video.path, signal));
  for (const clip of clips) {
    const began = performance.now();
    const plans = await planClipFraming({
      videoPath: video.path,
      probe,
      window: { start: clip.startS, end: clip.endS },
      speech: clipPlan(clip).segments.map((s) => ({ start: s.start, end: s.end })),
      signal,
    }).catch((error: unknown): ClipFramings => {
      // NOTE: with no tries left the clip falls back to the centre crop, as where no face is
      // seen, so its preview stops saying it is finding the speaker and the render frames it
      // the same way; earlier tries fail and are retried.
      if (signal.aborted || !isLastAttempt(context.attempt)) throw error;
      log.warn({ err: error, clipId: clip.id }, 'framing failed: the clip keeps the centre');
      return { follow: CENTRE, split: CENTRE };
    });
    const stored = await runPort.recordFraming(db, clip.id, {
      startS: clip.startS,
      endS: clip.endS,
      ...plans,
    });
    log.info(
      {
        clipId: clip.id,
        reframe: clip.reframe,
        follow: plans.follow.mode,
        split: plans.split.mode,
        stored,
        ms: Math.round(performance.now() - began),
      },
      'planned the framing of a clip',
    );
  }
}
