import type { JobStatus } from '../constants.ts';

// SPEC 4.1: the server-side life of a job instance, as pure functions.
//
//   (start) → pending → processing → awaiting-confirmation ─(Continue: confirmed)→ processing → finished
//   pending | processing | confirmed awaiting-confirmation → failed     (with a failure_reason)
//   anything but created | cancelled → cancelled                        (Cancel)
//   failed | created | cancelled | finished → Start creates a NEW instance (pending)

export type InstanceState = { status: JobStatus; confirmed: boolean };

/** A rule broke: `message` is for the user as it is; `httpStatus` for the route (409 conflict). */
export class JobStateError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  constructor(code: string, message: string, httpStatus = 409) {
    super(message);
    this.name = 'JobStateError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export const JOB_STATE_MESSAGES = {
  alreadyRunning: 'This edit is already running.',
  awaitingConfirmation:
    'This edit is waiting for you to review its clips. Continue it, or cancel it before starting again.',
  noSteps: 'Please add at least one step first',
  noVideo: 'Please upload a video file first',
  videoUploading: 'The video is still uploading. Please wait for the upload to finish.',
  videoFailed: 'The uploaded video cannot be edited. Please upload another .mp4 file.',
  notRunning: 'This edit is not running, so there is nothing to cancel.',
  notAwaitingConfirmation: 'This edit is not waiting for confirmation.',
  alreadyConfirmed: 'This edit has already been confirmed and is being processed.',
  noConfirmedClips: 'Please confirm at least one clip before continuing.',
  clipNotEditable: 'This clip can no longer be changed: its edit is not waiting for confirmation.',
  deleteVideoWhileActive: 'Cancel this edit before deleting its video.',
  uploadWhileActive: 'This edit is in progress. Cancel it before uploading a new video.',
  illegalTransition:
    'This edit cannot do that in its current state. Reload the page and try again.',
} as const;

/** The job's status follows its latest instance; a job that never ran is `created`. */
export const jobStatusOf = (latest: { status: JobStatus } | null | undefined): JobStatus =>
  latest?.status ?? 'created';

/** An instance with work queued or under way, or waiting for the user. */
export const isActiveStatus = (status: JobStatus): boolean =>
  status === 'pending' || status === 'processing' || status === 'awaiting-confirmation';

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
  if (check.status === 'awaiting-confirmation')
    throw new JobStateError('awaiting-confirmation', JOB_STATE_MESSAGES.awaitingConfirmation);
  if (isActiveStatus(check.status))
    throw new JobStateError('already-running', JOB_STATE_MESSAGES.alreadyRunning);
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

export type InstanceEvent =
  | { type: 'begin-processing' }
  | { type: 'await-confirmation' }
  | { type: 'confirm'; confirmedClipCount: number }
  | { type: 'finish' }
  | { type: 'fail'; reason: string }
  | { type: 'cancel' };

export type TransitionResult = InstanceState & { failure_reason?: string };

const illegal = (from: InstanceState, event: InstanceEvent['type']): JobStateError =>
  new JobStateError(
    'illegal-transition',
    `${JOB_STATE_MESSAGES.illegalTransition} (${event} from ${from.status}${from.confirmed ? ', confirmed' : ''})`,
  );

/**
 * The next state of an instance, or a JobStateError. Workers call it before every write so a
 * late or repeated job message (pg-boss retries) cannot move an instance backwards.
 */
export const transitionInstance = (from: InstanceState, event: InstanceEvent): TransitionResult => {
  const { status, confirmed } = from;
  switch (event.type) {
    case 'begin-processing':
      // Analysis picks up a pending instance; rendering picks up a confirmed one.
      if (status === 'pending') return { status: 'processing', confirmed: false };
      if (status === 'awaiting-confirmation' && confirmed)
        return { status: 'processing', confirmed: true };
      throw illegal(from, event.type);
    case 'await-confirmation':
      if (status === 'processing' && !confirmed)
        return { status: 'awaiting-confirmation', confirmed: false };
      throw illegal(from, event.type);
    case 'confirm':
      if (status !== 'awaiting-confirmation')
        throw new JobStateError('not-awaiting', JOB_STATE_MESSAGES.notAwaitingConfirmation);
      if (confirmed)
        throw new JobStateError('already-confirmed', JOB_STATE_MESSAGES.alreadyConfirmed);
      if (event.confirmedClipCount < 1)
        throw new JobStateError('no-confirmed-clips', JOB_STATE_MESSAGES.noConfirmedClips, 400);
      return { status: 'awaiting-confirmation', confirmed: true };
    case 'finish':
      if (status === 'processing' && confirmed) return { status: 'finished', confirmed: true };
      throw illegal(from, event.type);
    case 'fail':
      if (
        status === 'pending' ||
        status === 'processing' ||
        (status === 'awaiting-confirmation' && confirmed)
      )
        return { status: 'failed', confirmed, failure_reason: event.reason };
      throw illegal(from, event.type);
    case 'cancel':
      // NOTE: the spec offers Cancel for finished and failed jobs too; it leaves them restartable
      // and lets the user delete the video.
      if (status === 'created' || status === 'cancelled')
        throw new JobStateError('not-running', JOB_STATE_MESSAGES.notRunning);
      return { status: 'cancelled', confirmed };
  }
};

/** Whether a transition is allowed, without throwing. */
export const canTransition = (from: InstanceState, event: InstanceEvent): boolean => {
  try {
    transitionInstance(from, event);
    return true;
  } catch {
    return false;
  }
};

/** Clip confirm/unconfirm (single or all): only while the instance awaits the user. */
export const assertClipsEditable = (instance: InstanceState): void => {
  if (instance.status !== 'awaiting-confirmation' || instance.confirmed)
    throw new JobStateError('clip-not-editable', JOB_STATE_MESSAGES.clipNotEditable);
};

/** Delete video: only when the job is created or cancelled (as the menu offers it). */
export const assertCanDeleteVideo = (status: JobStatus): void => {
  if (status !== 'created' && status !== 'cancelled')
    throw new JobStateError('video-in-use', JOB_STATE_MESSAGES.deleteVideoWhileActive);
};

/** Upload (which replaces the unedited video): not while an instance is active. */
export const assertCanUpload = (status: JobStatus): void => {
  if (isActiveStatus(status))
    throw new JobStateError('upload-while-active', JOB_STATE_MESSAGES.uploadWhileActive);
};

export const DEFAULT_FAILURE_REASON =
  'Something went wrong while editing your video. Please try again.';

/**
 * The failure_reason stored for an error: the message of errors meant for users (the engine's
 * EngineError, JobStateError), first line only and bounded; anything else (internal errors, stack
 * traces) becomes the generic reason.
 */
export const toFailureReason = (
  error: unknown,
  fallback: string = DEFAULT_FAILURE_REASON,
): string => {
  const userFacing =
    error instanceof JobStateError || (error instanceof Error && error.name === 'EngineError');
  if (!userFacing) return fallback;
  const firstLine =
    error.message
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (firstLine === '') return fallback;
  return firstLine.length > 300 ? `${firstLine.slice(0, 297)}...` : firstLine;
};
