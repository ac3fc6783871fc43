import {
  INSTANCE_PHASES,
  JOB_STATE_MESSAGES,
  instancePhase,
  isActiveStatus,
  isAwaitingUserState,
  isRestartableStatus,
  isVideoDeletableStatus,
} from '@roughcut/shared';
import type {
  InstanceEvent,
  InstanceEventType,
  InstancePhase,
  InstanceStage,
  InstanceState,
  JobStatus,
} from '@roughcut/shared';
import { JobStateError } from '../../errors/job-state-error.ts';

// SPEC 4.1: the server's half of the lifecycle table (shared `rules/job-state.rules.ts` holds the
// table and the facts the screens read from it): starting a run, every status change, what a
// worker owns, and the guards of the routes. `lifecycle.repository.ts` is the one writer.

const phaseRow = (s: InstanceState) => INSTANCE_PHASES[instancePhase(s)];

const PHASE_STATE: Record<InstancePhase, InstanceState | ((confirmed: boolean) => InstanceState)> =
  {
    created: (confirmed) => ({ status: 'created', confirmed }),
    pending: { status: 'pending', confirmed: false },
    analysing: { status: 'processing', confirmed: false },
    reviewing: { status: 'awaiting-confirmation', confirmed: false },
    'render-queued': { status: 'awaiting-confirmation', confirmed: true },
    rendering: { status: 'processing', confirmed: true },
    finished: (confirmed) => ({ status: 'finished', confirmed }),
    failed: (confirmed) => ({ status: 'failed', confirmed }),
    cancelled: (confirmed) => ({ status: 'cancelled', confirmed }),
  };

/** The states a worker stage owns (queued or running): what a lost queue job would strand. */
export const WORKER_STATES: readonly InstanceState[] = (
  Object.keys(INSTANCE_PHASES) as InstancePhase[]
)
  .filter((phase) => INSTANCE_PHASES[phase].stage !== null)
  .map((phase) => {
    const to = PHASE_STATE[phase];
    return typeof to === 'function' ? to(false) : to;
  });

/** The job's status follows its latest instance; a job that never ran is `created`. */
export const jobStatusOf = (latest: { status: JobStatus } | null | undefined): JobStatus =>
  latest?.status ?? 'created';

/** The worker stage that runs, or resumes, an instance in this state. */
export const stageOf = (s: InstanceState): InstanceStage | null => phaseRow(s).stage;

export type StartCheck = {
  status: JobStatus;
  stepCount: number;
  /** The job's unedited video, if any. */
  video: { status: 'uploading' | 'uploaded' | 'failed'; failure_reason?: string | null } | null;
};

/**
 * Start (or restart): allowed when the job is failed, created, cancelled or finished, has a step
 * and a fully uploaded, usable video. Returns the new instance's initial state.
 */
export const startInstance = (check: StartCheck): InstanceState => {
  if (!isRestartableStatus(check.status)) {
    if (check.status === 'awaiting-confirmation')
      throw new JobStateError('awaiting-confirmation', JOB_STATE_MESSAGES.awaitingConfirmation);
    throw new JobStateError('already-running', JOB_STATE_MESSAGES.alreadyRunning);
  }
  if (check.stepCount < 1) throw new JobStateError('no-steps', JOB_STATE_MESSAGES.noSteps, 400);
  if (check.video === null) throw new JobStateError('no-video', JOB_STATE_MESSAGES.noVideo, 400);
  if (check.video.status === 'uploading')
    throw new JobStateError('video-uploading', JOB_STATE_MESSAGES.videoUploading);
  if (check.video.status === 'failed') {
    const reason = check.video.failure_reason;
    const message =
      reason !== null && reason !== undefined && reason !== ''
        ? `${reason} Please upload another .mp4 file.`
        : JOB_STATE_MESSAGES.videoFailed;
    throw new JobStateError('video-failed', message, 400);
  }
  return { status: 'pending', confirmed: false };
};

export type TransitionResult = InstanceState & { failure_reason?: string };

const illegal = (from: InstanceState, event: InstanceEventType): JobStateError =>
  new JobStateError(
    'illegal-transition',
    `${JOB_STATE_MESSAGES.illegalTransition} (${event} from ${from.status}${from.confirmed ? ', confirmed' : ''})`,
  );

/** The refusals users can meet, in their own words (the rest are the illegal-transition one). */
const refusal = (from: InstanceState, event: InstanceEvent): JobStateError => {
  if (event.type === 'confirm') {
    if (from.status !== 'awaiting-confirmation')
      return new JobStateError('not-awaiting', JOB_STATE_MESSAGES.notAwaitingConfirmation);
    return new JobStateError('already-confirmed', JOB_STATE_MESSAGES.alreadyConfirmed);
  }
  if (event.type === 'cancel')
    return new JobStateError('not-running', JOB_STATE_MESSAGES.notRunning);
  return illegal(from, event.type);
};

/**
 * The next state of an instance, or a JobStateError. The server's lifecycle calls it before every
 * write, so a late or repeated job message (pg-boss retries) cannot move an instance backwards.
 */
export const transitionInstance = (from: InstanceState, event: InstanceEvent): TransitionResult => {
  const target = phaseRow(from).on[event.type];
  if (target === undefined) throw refusal(from, event);
  if (event.type === 'confirm' && event.confirmedClipCount < 1)
    throw new JobStateError('no-confirmed-clips', JOB_STATE_MESSAGES.noConfirmedClips, 400);
  const to = PHASE_STATE[target];
  const next = typeof to === 'function' ? to(from.confirmed) : to;
  if (event.type === 'fail') return { ...next, failure_reason: event.reason };
  if (event.type === 'finish' && event.note !== undefined)
    return { ...next, failure_reason: event.note };
  return next;
};

/** Clip confirm/unconfirm (single or all): only while the instance awaits the user. */
export const assertClipsEditable = (instance: InstanceState): void => {
  if (!isAwaitingUserState(instance))
    throw new JobStateError('clip-not-editable', JOB_STATE_MESSAGES.clipNotEditable);
};

/** Delete video: only when the job is created or cancelled (as the menu offers it). */
export const assertCanDeleteVideo = (status: JobStatus): void => {
  if (!isVideoDeletableStatus(status))
    throw new JobStateError('video-in-use', JOB_STATE_MESSAGES.deleteVideoWhileActive);
};

/** Upload (which replaces the unedited video): not while an instance is active. */
export const assertCanUpload = (status: JobStatus): void => {
  if (isActiveStatus(status))
    throw new JobStateError('upload-while-active', JOB_STATE_MESSAGES.uploadWhileActive);
};
