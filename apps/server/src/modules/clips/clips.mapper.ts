import type { Clip } from '@roughcut/shared';
import type { ClipRow } from './clips.repository.ts';

export function toClipResponse(clip: ClipRow): Clip {
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
    segments: clip.segments,
    draw_settings: clip.drawSettings,
    ...(clip.scoreFeatures ? { score_features: clip.scoreFeatures } : {}),
    gaps: clip.gaps,
  };
}
