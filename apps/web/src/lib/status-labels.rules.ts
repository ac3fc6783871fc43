import {
  canTransition,
  isAwaitingUserState,
  isRestartableStatus,
  isRunningState,
  isVideoDeletableStatus,
} from '@roughcut/shared';
import type { JobStatus } from '@roughcut/shared';

// SPEC 2.6 (list labels, overview), 2.9 (job page), 4.1 (status display and actions). Whether a
// job is running and which actions it offers are read from the lifecycle's table (shared
// job-state.rules.ts), the one the server's transitions use.

/** Colour words of the spec; the web app maps them onto its palette. */
export type Tone = 'yellow' | 'green' | 'blue' | 'red' | 'plain';

export type StatusLabel = { text: string; tone: Tone; pulsing: boolean };

/** Something with a status and an optional confirmed flag (a job, an instance or a clip). */
export type StatusLike = {
  status: JobStatus | null | undefined;
  confirmed?: boolean | null | undefined;
};

/** A job as the list and job page see it: its status plus the latest instance's confirmed flag. */
export type JobLike = {
  status: JobStatus | null | undefined;
  job_instance?: { status?: JobStatus; confirmed: boolean } | null;
};

export const capitalise = (text: string): string =>
  text.length === 0 ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const jobConfirmed = (job: JobLike): boolean => job.job_instance?.confirmed === true;

const known = (s: StatusLike): { status: JobStatus; confirmed: boolean } | null =>
  s.status === null || s.status === undefined
    ? null
    : { status: s.status, confirmed: s.confirmed === true };

/** Awaiting confirmation and not yet confirmed: the user has to act. */
export const isAwaitingUser = (s: StatusLike): boolean => {
  const state = known(s);
  return state !== null && isAwaitingUserState(state);
};

/** Pending, processing, or awaiting-confirmation after Continue: work is (about to be) running. */
export const isRunning = (s: StatusLike): boolean => {
  const state = known(s);
  return state !== null && isRunningState(state);
};

/** SPEC 2.6: the Status column of the edits list. */
export const listStatusLabel = (job: JobLike): StatusLabel => {
  const { status } = job;
  if (status === null || status === undefined) return { text: '--', tone: 'plain', pulsing: false };
  const s = { status, confirmed: jobConfirmed(job) };
  if (isAwaitingUser(s)) return { text: 'Awaiting Confirmation', tone: 'yellow', pulsing: false };
  if (status === 'finished') return { text: 'Finished', tone: 'green', pulsing: false };
  if (isRunning(s)) return { text: capitalise(status), tone: 'blue', pulsing: true };
  if (status === 'failed') return { text: 'Failed', tone: 'red', pulsing: false };
  return { text: capitalise(status), tone: 'plain', pulsing: false };
};

/** SPEC 4.1: the clip and job-instance status display. */
export const instanceStatusDisplay = (s: StatusLike): { text: string; tone: Tone } => {
  if (isAwaitingUser(s)) return { text: 'Awaiting confirmation...', tone: 'yellow' };
  if (isRunning(s)) return { text: 'Processing...', tone: 'blue' };
  if (s.status === 'finished') return { text: 'Finished.', tone: 'green' };
  if (s.status === 'failed') return { text: 'Failed.', tone: 'red' };
  return { text: 'Pending.', tone: 'plain' };
};

export type JobActions = {
  canStart: boolean;
  canCancel: boolean;
  canDeleteVideo: boolean;
  /** Continue, Confirm All and Unconfirm All (each further filtered by `clipBulkActions`). */
  showConfirmButtons: boolean;
  shouldPollJob: boolean;
};

/** SPEC 4.1 and 2.9: which top-bar actions the job page offers, and whether it polls the job. */
export const jobActions = (job: JobLike): JobActions => {
  const s = { status: job.status, confirmed: jobConfirmed(job) };
  const state = known(s);
  return {
    canStart: state !== null && isRestartableStatus(state.status),
    canCancel:
      state !== null &&
      job.job_instance !== null &&
      job.job_instance !== undefined &&
      canTransition(state, { type: 'cancel' }),
    canDeleteVideo: state !== null && isVideoDeletableStatus(state.status),
    showConfirmButtons: isAwaitingUser(s),
    shouldPollJob: isRunning(s),
  };
};

export type JobPageBody = 'failed' | 'finished' | 'nothing' | 'clips' | 'loading';

/** SPEC 2.9: what the job page body shows for the latest instance. */
export const jobPageBody = (job: JobLike): JobPageBody => {
  const s = { status: job.status, confirmed: jobConfirmed(job) };
  if (s.status === 'failed') return 'failed';
  if (s.status === 'finished') return 'finished';
  if (s.status === 'pending' || s.status === 'cancelled') return 'nothing';
  if (isAwaitingUser(s)) return 'clips';
  return 'loading';
};

export const JOB_FAILED_HEADING = 'Your videos failed to edit';
export const CLIP_FAILED_HEADING = 'Your video failed to edit';
export const AWAITING_CONFIRMATION_BANNER =
  'Awaiting confirmation - Revise your clips, confirm the ones you want to keep, and continue to process the videos, ready for download.';

/** SPEC 4.1: Confirm All only if some clip is unconfirmed; Unconfirm All only if some is confirmed. */
export const clipBulkActions = (
  clips: readonly { confirmed: boolean }[],
): { showConfirmAll: boolean; showUnconfirmAll: boolean } => ({
  showConfirmAll: clips.some((c) => !c.confirmed),
  showUnconfirmAll: clips.some((c) => c.confirmed),
});
