import type { JobStatus } from '../constants.ts';

// SPEC 4.1: the life of a job instance as ONE table. The server writes every status change through
// its `transitionInstance` (apps/server/src/modules/edit/job-state.rules.ts, compare-and-set on the
// state it read), and the screens' derived facts (is it running, which actions are offered) read
// the same rows.
//
//   (start) → pending → processing → awaiting-confirmation ─(Continue: confirmed)→ processing → finished
//   pending | processing | confirmed awaiting-confirmation → failed     (with a failure_reason)
//   anything but created | cancelled → cancelled                        (Cancel)
//   failed | created | cancelled | finished → Start creates a NEW instance (pending)

export type InstanceState = { status: JobStatus; confirmed: boolean };

/** The refusals' words: the server's lifecycle says them, and the client repeats one. */
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

/** Whether a transition is allowed, without throwing. */
export const canTransition = (from: InstanceState, event: InstanceEvent): boolean =>
  phaseRow(from).on[event.type] !== undefined &&
  !(event.type === 'confirm' && event.confirmedClipCount < 1);
