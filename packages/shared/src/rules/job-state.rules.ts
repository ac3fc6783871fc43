import type { JobStatus } from '../constants.ts';

// SPEC 4.1: the life of a job instance as ONE table. The server writes every status change through
// `transitionInstance` (compare-and-set on the state it read), and the screens' derived facts (is
// it running, which actions are offered) read the same rows.
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

export type InstanceEvent =
  | { type: 'begin-processing' }
  | { type: 'await-confirmation' }
  | { type: 'confirm'; confirmedClipCount: number }
  /** Continue could not queue the render: back to reviewing, so Continue can be pressed again. */
  | { type: 'reopen' }
  /** `note`: what went wrong with some clips, when the others could still be made. */
  | { type: 'finish'; note?: string }
  | { type: 'fail'; reason: string }
  | { type: 'cancel' };

export type InstanceEventType = InstanceEvent['type'];

/** The table's rows: a status, split by `confirmed` where the two halves behave differently. */
export type InstancePhase =
  | 'created'
  | 'pending'
  | 'analysing'
  | 'reviewing'
  | 'render-queued'
  | 'rendering'
  | 'finished'
  | 'failed'
  | 'cancelled';

/** The worker stage that owns an instance in a phase. */
export type InstanceStage = 'analyse' | 'render';

type PhaseRow = {
  /** Work is queued or under way: the list's Running, the pulsing label, the job page polls. */
  running: boolean;
  /** The user has to review clips (yellow; Continue, Confirm All, Unconfirm All). */
  awaitingUser: boolean;
  /** Start may make a new instance. */
  restartable: boolean;
  /** The job's video is in use: no upload replaces it. */
  holdsVideo: boolean;
  /** The menu's Delete video is offered. */
  videoDeletable: boolean;
  /** The stage a worker runs (or resumes after a crash) in this phase. */
  stage: InstanceStage | null;
  /** Where each allowed event leads. */
  on: Partial<Record<InstanceEventType, InstancePhase>>;
};

const idle = { running: false, awaitingUser: false, stage: null } as const;
const cancel = { cancel: 'cancelled' } as const;

export const INSTANCE_PHASES: Record<InstancePhase, PhaseRow> = {
  created: {
    ...idle,
    restartable: true,
    holdsVideo: false,
    videoDeletable: true,
    on: {},
  },
  pending: {
    running: true,
    awaitingUser: false,
    restartable: false,
    holdsVideo: true,
    videoDeletable: false,
    stage: 'analyse',
    on: { 'begin-processing': 'analysing', fail: 'failed', ...cancel },
  },
  analysing: {
    running: true,
    awaitingUser: false,
    restartable: false,
    holdsVideo: true,
    videoDeletable: false,
    stage: 'analyse',
    on: { 'await-confirmation': 'reviewing', fail: 'failed', ...cancel },
  },
  reviewing: {
    running: false,
    awaitingUser: true,
    restartable: false,
    holdsVideo: true,
    videoDeletable: false,
    stage: null,
    on: { confirm: 'render-queued', ...cancel },
  },
  'render-queued': {
    running: true,
    awaitingUser: false,
    restartable: false,
    holdsVideo: true,
    videoDeletable: false,
    stage: 'render',
    on: { 'begin-processing': 'rendering', reopen: 'reviewing', fail: 'failed', ...cancel },
  },
  rendering: {
    running: true,
    awaitingUser: false,
    restartable: false,
    holdsVideo: true,
    videoDeletable: false,
    stage: 'render',
    on: { finish: 'finished', fail: 'failed', ...cancel },
  },
  finished: { ...idle, restartable: true, holdsVideo: false, videoDeletable: false, on: cancel },
  failed: { ...idle, restartable: true, holdsVideo: false, videoDeletable: false, on: cancel },
  cancelled: { ...idle, restartable: true, holdsVideo: false, videoDeletable: true, on: {} },
};

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

/** The table row an instance is in. */
export const instancePhase = (s: InstanceState): InstancePhase => {
  switch (s.status) {
    case 'created':
    case 'pending':
    case 'finished':
    case 'failed':
    case 'cancelled':
      return s.status;
    case 'processing':
      return s.confirmed ? 'rendering' : 'analysing';
    case 'awaiting-confirmation':
      return s.confirmed ? 'render-queued' : 'reviewing';
  }
};

const phaseRow = (s: InstanceState): PhaseRow => INSTANCE_PHASES[instancePhase(s)];

/** The job's status follows its latest instance; a job that never ran is `created`. */
export const jobStatusOf = (latest: { status: JobStatus } | null | undefined): JobStatus =>
  latest?.status ?? 'created';

/** An instance with work queued or under way, or waiting for the user: its video is in use. */
export const isActiveStatus = (status: JobStatus): boolean =>
  phaseRow({ status, confirmed: false }).holdsVideo;

/** Pending, processing, or awaiting-confirmation after Continue: work is (about to be) running. */
export const isRunningState = (s: InstanceState): boolean => phaseRow(s).running;

/** Awaiting confirmation and not yet confirmed: the user has to act. */
export const isAwaitingUserState = (s: InstanceState): boolean => phaseRow(s).awaitingUser;

/** Start may make a new instance after one in this status. */
export const isRestartableStatus = (status: JobStatus): boolean =>
  phaseRow({ status, confirmed: false }).restartable;

/** The menu's Delete video is offered after an instance in this status. */
export const isVideoDeletableStatus = (status: JobStatus): boolean =>
  phaseRow({ status, confirmed: false }).videoDeletable;

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

/** Whether a transition is allowed, without throwing. */
export const canTransition = (from: InstanceState, event: InstanceEvent): boolean =>
  phaseRow(from).on[event.type] !== undefined &&
  !(event.type === 'confirm' && event.confirmedClipCount < 1);

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

export {
  DEFAULT_FAILURE_REASON,
  TOOL_FAILURE_REASON,
  toFailureReason,
} from './failure-reason.rules.ts';
