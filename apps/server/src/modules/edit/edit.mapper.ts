import type { AutoJob, JobInstance } from '@roughcut/shared';
import type { EditRow } from './edit.repository.ts';
import type { RunSummary, EditSummary } from './edit-poll.repository.ts';
import { jobStatusOf } from './job-state.rules.ts';

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Issue 33: the stage and time left of a processing run (null otherwise). The time left was
 * estimated when the worker last reported; it is counted down from then to `now`.
 */
function stageOf(
  instance: RunSummary,
  now: Date,
): Pick<JobInstance, 'stage' | 'stage_clip' | 'seconds_left'> {
  if (instance.status !== 'processing' || !instance.progressStage) {
    return { stage: null, stage_clip: null, seconds_left: null };
  }
  const { progressClip: number, progressClips: count, secondsLeft, progressAt } = instance;
  const since = progressAt ? Math.max(0, (now.getTime() - progressAt.getTime()) / 1000) : 0;
  return {
    stage: instance.progressStage,
    stage_clip: number && count ? { number, count } : null,
    seconds_left:
      secondsLeft === null || !Number.isFinite(secondsLeft)
        ? null
        : Math.max(0, Math.round(secondsLeft - since)),
  };
}

export function toRunResponse(instance: RunSummary, now: Date = new Date()): JobInstance {
  return {
    id: instance.id,
    auto_job_id: instance.autoJobId,
    status: instance.status,
    confirmed: instance.confirmed,
    failure_reason: instance.failureReason,
    progress: Math.min(1, Math.max(0, instance.progress)),
    ...stageOf(instance, now),
  };
}

/** status and last_updated_at follow the latest run; a job that never ran is `created`. */
/** Takes any row with at least the shown columns (a full EditWithRun too). */
export function toEditResponse({ job, instance }: EditSummary, now: Date = new Date()): AutoJob {
  return {
    id: job.id,
    name: job.name,
    status: jobStatusOf(instance),
    steps: job.steps.map((step_type) => ({ step_type })),
    job_instance: instance ? toRunResponse(instance, now) : null,
    latest_job_instance_id: job.latestJobInstanceId,
    template_id: job.templateId,
    language: job.language,
    max_words_in_phrase: job.maxWordsInPhrase,
    remove_fillers: job.removeFillers,
    reframe: job.reframe,
    created_at: unixSeconds(job.createdAt),
    last_updated_at: unixSeconds(lastUpdated(job, instance)),
  };
}

function lastUpdated(job: EditRow, instance: RunSummary | null): Date {
  if (!instance) return job.lastUpdatedAt;
  return instance.updatedAt > job.lastUpdatedAt ? instance.updatedAt : job.lastUpdatedAt;
}
