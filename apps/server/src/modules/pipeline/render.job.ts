import type { Span } from '@roughcut/shared';
import { handleJob } from '../../jobs/job.ts';
import { isRetryable } from '../../jobs/job-runner.ts';
import { clipPlan, runPort, runQueueJobs } from '../edit/index.ts';
import type { ClipRow } from '../edit/index.ts';
import { probeForRender } from '../../engine-adapter/engine.adapter.ts';
import { pinnedVideo } from './pinned-video.ts';
import { alreadyRendered, renderOneClip } from './render-clip.ts';
import { renderPlan } from './run-progress.ts';
import { runStage } from './stage-runner.ts';
import { JobStateError } from '../../errors/job-state-error.ts';
import { toFailureReason } from './failure-reason.rules.ts';

export { editedVideoName, subtitlesKeyOf } from './render-clip.ts';

const spanLength = (spans: readonly Span[]): number =>
  spans.reduce((sum, s) => sum + (s.end - s.start), 0);

/** The finished run's note when some clips could not be made. */
export const someClipsFailedNote = (failed: number, total: number, reason: string): string =>
  `${failed} of ${total} videos could not be made: ${reason}`;

/**
 * Final processing after Continue: renders every confirmed clip into an edited_video asset, then
 * the run is finished. Idempotent: clips already rendered (finished with their file) are
 * skipped on a retry. One clip that cannot be made is marked failed with its reason and the others
 * are still made; only when none can be made does the run fail.
 */
export const renderHandler = handleJob(runQueueJobs.render, async ({ instanceId }, context) => {
  const { db, storage } = context;
  await runStage('render', instanceId, context, async (run) => {
    const { job, instance, log } = run;
    const video = await pinnedVideo(db, storage, instance);
    let probe = instance.videoProbe;
    if (!probe?.keyframes) {
      // NOTE: pinned so a retry does not probe again (the analysis normally pinned it already).
      probe = await probeForRender(video.path, run.signal);
      await runPort.pinProbe(db, instanceId, probe);
    }
    const source = { videoPath: video.path, probe };
    const clips = await runPort.confirmedClips(db, instanceId);
    // NOTE: each clip's plan (and its kept spans) is made here once and is what the engine renders.
    const plans = clips.map((c) => clipPlan(c));
    const lengths = plans.map((p) => spanLength(p.keptSpans));
    const total = Math.max(
      1e-6,
      lengths.reduce((a, b) => a + b, 0),
    );
    // NOTE: which clips are still to make is known up front, so the time left counts only them.
    const make = await Promise.all(
      clips.map(
        async (c, i) => c.status !== 'failed' && !!plans[i] && !(await alreadyRendered(context, c)),
      ),
    );
    const { items, pieces } = renderPlan(
      plans.map((plan, i) => ({ plan, keptS: lengths[i] ?? 0, make: make[i] === true })),
    );
    run.plan(items);
    const failures: { clip: ClipRow; reason: string }[] = [];
    let done = 0;
    for (const [i, clip] of clips.entries()) {
      const length = lengths[i] ?? 0;
      const plan = plans[i];
      if (clip.status === 'failed') {
        failures.push({ clip, reason: clip.failureReason ?? toFailureReason(undefined) });
      } else if (plan && make[i]) {
        const piece = pieces[i];
        if (piece) run.progress(done / total, { item: piece.framing ?? piece.render, fraction: 0 });
        try {
          await renderOneClip(context, job, clip, plan, source, run.signal, (f) =>
            run.progress(
              (done + f * length) / total,
              piece ? { item: piece.render, fraction: f } : undefined,
            ),
          );
        } catch (error) {
          // NOTE: stopped, or another try may make it: the whole stage goes back to the queue,
          // and the clips made so far are skipped then.
          if (run.signal.aborted || (isRetryable(error) && !run.lastTry())) throw error;
          const reason = toFailureReason(error);
          log.warn({ err: error, clipId: clip.id }, 'a clip could not be rendered');
          await runPort.clipFailed(db, clip.id, reason);
          failures.push({ clip, reason });
        }
      }
      done += length;
      run.progress(done / total);
    }
    const [first] = failures;
    if (first && failures.length === clips.length) {
      throw new JobStateError('nothing-rendered', first.reason);
    }
    const note = first && someClipsFailedNote(failures.length, clips.length, first.reason);
    await run.close({ type: 'finish', ...(note ? { note } : {}) });
  });
});
