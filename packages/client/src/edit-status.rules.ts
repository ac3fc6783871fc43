// What an edit's state means to a script (issue 36): the job as the server answers it, turned into
// one status with the next thing to do, and whether a wait is over. Pure: the workflow
// (edit-workflow.ts) fetches, these decide; the CLI and the MCP server read the same words.
import { instancePhase, runStageLabel, sortClipsByEngagement } from '@roughcut/shared';
import type { Asset, AutoJob, Clip, JobStatus, RunStage } from '@roughcut/shared';

/**
 * A workflow step that cannot go on, in words for the user: `invalid` input (nothing was sent),
 * an edit `not-ready` for the step, one that `failed` or was `cancelled` while waited for, or a
 * wait that ran past its deadline.
 */
export class EditWorkflowError extends Error {
  readonly code: 'invalid' | 'not-ready' | 'failed' | 'cancelled' | 'timeout';

  constructor(code: EditWorkflowError['code'], message: string) {
    super(message);
    this.name = 'EditWorkflowError';
    this.code = code;
  }
}

/** What has to happen next for the edit to move on. */
export type EditNextStep = 'upload' | 'start' | 'wait' | 'review' | 'download' | 'restart';

export const NEXT_STEP_TEXT: Record<EditNextStep, string> = {
  upload: 'Upload the video (the same file goes on from where an unfinished upload stopped).',
  start: 'Start the edit.',
  wait: 'Wait: the server is working on it.',
  review: 'Review the clips: confirm the ones to keep, then continue to render them.',
  download: 'Download the rendered videos.',
  restart: 'Start the edit again, or upload another video.',
};

/** The edit's video as far as its state is concerned (null: none uploaded yet). */
export type VideoState = Pick<Asset, 'status' | 'size' | 'uploaded_amount'> | null;

export type EditStatus = {
  jobId: string;
  name: string;
  status: JobStatus;
  /** After Continue: the run renders the confirmed clips. */
  confirmed: boolean;
  /** The latest run, whose clips and files the other calls use; null before any run. */
  instanceId: string | null;
  /** The run's stage while it processes ("transcribing", "rendering"), else null. */
  stage: RunStage | null;
  /** The state in words: "Transcribing", "Rendering clip 2 of 4", "Clips ready for review". */
  label: string;
  /** 0-1 of the current stage (or of the upload before a run), null when not reported. */
  progress: number | null;
  /** Seconds until the stage is done, as the server estimates it; null when unknown. */
  secondsLeft: number | null;
  /** Why the run failed, or what went wrong with some clips of a finished one. */
  failureReason: string | null;
  next: EditNextStep;
  nextText: string;
};

/** The video of a job (its unedited_video asset), from its asset list. */
export function videoOf(assets: readonly Asset[]): Asset | null {
  return assets.findLast((asset) => asset.asset_type === 'unedited_video') ?? null;
}

/** The next step from the job and (for a job that never ran) its video. */
export function nextStepOf(job: AutoJob, video: VideoState): EditNextStep {
  const phase = instancePhase({
    status: job.status,
    confirmed: job.job_instance?.confirmed === true,
  });
  switch (phase) {
    case 'created':
      return video?.status === 'uploaded' ? 'start' : 'upload';
    case 'pending':
    case 'analysing':
    case 'render-queued':
    case 'rendering':
      return 'wait';
    case 'reviewing':
      return 'review';
    case 'finished':
      return 'download';
    case 'failed':
    case 'cancelled':
      return 'restart';
  }
}

const STEP_LABEL: Record<EditNextStep, string> = {
  upload: 'Waiting for the video',
  start: 'Not started',
  wait: 'Processing',
  review: 'Clips ready for review',
  download: 'Rendered',
  restart: 'Stopped',
};

function labelOf(job: AutoJob, next: EditNextStep, video: VideoState): string {
  const run = job.job_instance;
  if (run?.stage) return runStageLabel(run.stage, run.stage_clip);
  if (job.status === 'failed') return 'Failed';
  if (job.status === 'cancelled') return 'Cancelled';
  if (job.status === 'pending') return 'Waiting to start';
  if (next === 'wait' && run?.confirmed) return 'Waiting to render';
  if (next === 'upload' && video?.status === 'uploading') return 'Uploading';
  return STEP_LABEL[next];
}

function progressOf(job: AutoJob, next: EditNextStep, video: VideoState): number | null {
  if (next === 'upload') {
    return video && video.size > 0 ? Math.min(1, video.uploaded_amount / video.size) : null;
  }
  // NOTE: a run that stopped (for review, finished, failed) keeps its last stage's figure: not news.
  return next === 'wait' ? (job.job_instance?.progress ?? null) : null;
}

/** One status of the edit from what the server answered. */
export function editStatusOf(job: AutoJob, video: VideoState = null): EditStatus {
  const next = nextStepOf(job, video);
  const run = job.job_instance;
  return {
    jobId: job.id,
    name: job.name,
    status: job.status,
    confirmed: run?.confirmed === true,
    instanceId: job.latest_job_instance_id,
    stage: run?.stage ?? null,
    label: labelOf(job, next, video),
    progress: progressOf(job, next, video),
    secondsLeft: run?.seconds_left ?? null,
    failureReason: run?.failure_reason ?? null,
    next,
    nextText: NEXT_STEP_TEXT[next],
  };
}

export type ClipSummary = {
  id: string;
  kind: 'short' | 'long';
  title: string;
  description: string;
  /** Engagement score, higher is better (clips come highest first). */
  score: number;
  confirmed: boolean;
  /** Seconds of the source video the clip covers. */
  start: number;
  end: number;
};

export const summaryOf = (clip: Clip): ClipSummary => ({
  id: clip.id,
  kind: clip.is_long_form ? 'long' : 'short',
  title: clip.title,
  description: clip.description,
  score: clip.engagement_score,
  confirmed: clip.confirmed,
  start: clip.start,
  end: clip.end,
});

/** The clips as scripts read them, highest score first. */
export const summariesOf = (clips: readonly Clip[]): ClipSummary[] =>
  sortClipsByEngagement(clips).map(summaryOf);

/** Where a wait ends: the clips are ready to review, or the videos are rendered. */
export type EditGoal = 'clips-ready' | 'rendered';

/**
 * Whether a wait for `goal` is over: reached, still worth waiting, stuck on something the user
 * must do (the status's `next` says what), or ended by a failure or a cancel.
 */
export type GoalCheck = 'reached' | 'waiting' | 'needs-user' | 'failed' | 'cancelled';

export function checkGoal(status: EditStatus, goal: EditGoal): GoalCheck {
  if (status.status === 'failed') return 'failed';
  if (status.status === 'cancelled') return 'cancelled';
  switch (status.next) {
    case 'wait':
      return 'waiting';
    case 'download':
      return 'reached';
    case 'review':
      return goal === 'clips-ready' ? 'reached' : 'needs-user';
    case 'upload':
    case 'start':
    case 'restart':
      return 'needs-user';
  }
}

/** "about 3 min left", "under a minute left", or '' when the server has no estimate. */
export function timeLeftText(secondsLeft: number | null): string {
  if (secondsLeft === null || !Number.isFinite(secondsLeft)) return '';
  if (secondsLeft < 60) return 'under a minute left';
  if (secondsLeft < 3600) return `about ${Math.round(secondsLeft / 60)} min left`;
  const hours = Math.floor(secondsLeft / 3600);
  return `about ${hours} h ${Math.round((secondsLeft - hours * 3600) / 60)} min left`;
}

const MAX_FILE_NAME = 200;

/**
 * A rendered video's name as a file name on any disk: the server's name without path separators,
 * control characters or characters Windows refuses, its extension kept when it is shortened.
 */
export function safeFileName(name: string, fallback = 'video.mp4'): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (cleaned === '') return fallback;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(cleaned)?.[0] ?? '';
  const base = cleaned.slice(0, cleaned.length - extension.length);
  return `${base.slice(0, MAX_FILE_NAME - extension.length)}${extension}`;
}
