import type { AutoJob, JobInstance } from '@roughcut/shared';
import { jobStatusOf } from '@roughcut/shared';
import type { EditRow } from './edit.repository.ts';
import type { RunSummary, EditSummary } from './edit-poll.repository.ts';

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export function toRunResponse(instance: RunSummary): JobInstance {
  return {
    id: instance.id,
    auto_job_id: instance.autoJobId,
    status: instance.status,
    confirmed: instance.confirmed,
    failure_reason: instance.failureReason,
    progress: Math.min(1, Math.max(0, instance.progress)),
  };
}

/** status and last_updated_at follow the latest run; a job that never ran is `created`. */
/** Takes any row with at least the shown columns (a full EditWithRun too). */
export function toEditResponse({ job, instance }: EditSummary): AutoJob {
  return {
    id: job.id,
    name: job.name,
    status: jobStatusOf(instance),
    steps: job.steps.map((step_type) => ({ step_type })),
    job_instance: instance ? toRunResponse(instance) : null,
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
