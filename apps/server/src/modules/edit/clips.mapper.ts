import type { Clip } from '@roughcut/shared';
import { clipPlan } from './clip-plan.rules.ts';
import type { ClipRow } from './clips.repository.ts';

/** The clip as it will be rendered (see clipSchema): confirmed edits, else the detected data. */
export function toClipResponse(clip: ClipRow): Clip {
  const plan = clipPlan(clip);
  return {
    id: clip.id,
    auto_job_id: clip.autoJobId,
    auto_job_instance_id: clip.autoJobInstanceId,
    title: clip.title,
    description: clip.description,
    engagement_score: clip.engagementScore,
    status: clip.status,
    confirmed: clip.confirmed,
    failure_reason: clip.failureReason,
    is_long_form: clip.isLongForm,
    start: plan.window.start,
    end: plan.window.end,
    segments: plan.segments,
    draw_settings: plan.drawSettings,
    ...(clip.scoreFeatures ? { score_features: clip.scoreFeatures } : {}),
    gaps: plan.gaps,
    detected_gaps: clip.gaps,
    subtitles_burned: plan.subtitles !== null,
    edits: {
      cut: clip.edits?.cut !== undefined,
      subtitles: clip.edits?.subtitle !== undefined,
    },
    reframe: plan.reframe,
  };
}
