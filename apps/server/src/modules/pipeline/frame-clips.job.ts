import { handleJob, isLastAttempt } from '../../jobs/job.ts';
import {
  frameClipsJob,
  findRun,
  listClipsOfRun,
  needsFramingPlan,
  storeFraming,
} from '../edit/index.ts';
import { clipPlan, plannedFraming } from '../edit/index.ts';
import { planClipFraming, probeForRender } from '../../engine-adapter/engine.adapter.ts';
import { pinnedVideo } from './pinned-video.ts';

/**
 * Plans the framing of every short of the run that is followed or split and has no current plan
 * (issue 21): the face path over the clip's whole window, stored with the clip for the preview and
 * the render. Idempotent: a retry plans only what is still missing; a clip whose framing or window
 * changed meanwhile keeps its newer state, and is planned by the job its change queued. A clip
 * that cannot be planned on the last try is stored with the centre crop.
 */
export const frameClipsHandler = handleJob(frameClipsJob, async ({ instanceId }, context) => {
  const { db, storage, signal, log } = context;
  const instance = await findRun(db, instanceId);
  if (!instance) return;
  const clips = (await listClipsOfRun(db, instanceId)).filter(needsFramingPlan);
  if (!clips.length) return;
  const video = await pinnedVideo(db, storage, instance);
  const probe = instance.videoProbe ?? (await probeForRender(video.path, signal));
  for (const clip of clips) {
    const asked = plannedFraming(clip);
    if (!asked) continue;
    const window = { start: clip.startS, end: clip.endS };
    const began = performance.now();
    const plan = await planClipFraming({
      videoPath: video.path,
      probe,
      reframe: asked,
      window,
      speech: clipPlan(clip).segments.map((s) => ({ start: s.start, end: s.end })),
      signal,
    }).catch((error: unknown) => {
      // NOTE: with no tries left the clip falls back to the centre crop, as where no face is
      // seen, so its preview stops saying it is finding the speaker and the render frames it the
      // same way; earlier tries fail and are retried.
      if (signal.aborted || !isLastAttempt(context.attempt)) throw error;
      log.warn({ err: error, clipId: clip.id, asked }, 'framing failed: the clip keeps the centre');
      return { mode: 'centre' } as const;
    });
    const stored = await storeFraming(db, clip.id, {
      asked,
      startS: clip.startS,
      endS: clip.endS,
      plan,
    });
    log.info(
      {
        clipId: clip.id,
        asked,
        planned: plan.mode,
        stored,
        ms: Math.round(performance.now() - began),
      },
      'planned the framing of a clip',
    );
  }
});
