import { JOB_STATE_MESSAGES } from '@roughcut/shared';
import type { JobStatus } from '@roughcut/shared';
import { JobStateError } from '../../errors/job-state-error.ts';

// The life of one clip, as a table beside the instance's: made awaiting confirmation by the
// analysis, (un)confirmed while its instance is reviewed, then rendered by the render stage.
//
//   awaiting-confirmation ⇄ (confirm / unconfirm) ⇄ awaiting-confirmation, confirmed
//   awaiting-confirmation, confirmed → processing → finished | failed      (render)
//   processing → processing (a retried render), finished → processing (its file was lost)

export type ClipState = { status: JobStatus; confirmed: boolean };

export type ClipEvent =
  | { type: 'confirm' }
  | { type: 'unconfirm' }
  | { type: 'begin-render' }
  | { type: 'rendered' }
  | { type: 'fail'; reason: string }
  /**
   * Issue 31: keeping the user's draft of the clip. Not a status: the clip stays as it is; only an
   * editable clip (awaiting confirmation, not confirmed) takes a draft.
   */
  | { type: 'save-draft' };

export type ClipTransition = ClipState & { failure_reason: string | null };

/** The state the analysis stores its clips in. */
export const NEW_CLIP_STATE: ClipState = { status: 'awaiting-confirmation', confirmed: false };

const reviewable = (s: ClipState) => s.status === 'awaiting-confirmation';

/** Why a confirmed clip takes no draft, and what to do instead. */
export const CLIP_CONFIRMED_DRAFT_MESSAGE =
  'This clip is confirmed, so changes to it are no longer saved. Unconfirm it on the job page to edit it again.';

const RULES: {
  [K in ClipEvent['type']]: {
    from: (s: ClipState) => boolean;
    to: (s: ClipState) => ClipState;
  };
} = {
  confirm: { from: reviewable, to: () => ({ status: 'awaiting-confirmation', confirmed: true }) },
  unconfirm: {
    from: reviewable,
    to: () => ({ status: 'awaiting-confirmation', confirmed: false }),
  },
  'begin-render': {
    from: (s) =>
      (s.status === 'awaiting-confirmation' && s.confirmed) ||
      s.status === 'processing' ||
      s.status === 'finished',
    to: () => ({ status: 'processing', confirmed: true }),
  },
  rendered: {
    from: (s) => s.status === 'processing',
    to: () => ({ status: 'finished', confirmed: true }),
  },
  fail: { from: (s) => s.status === 'processing', to: (s) => ({ ...s, status: 'failed' }) },
  'save-draft': { from: (s) => reviewable(s) && !s.confirmed, to: (s) => s },
};

/** The clip's next state, or a JobStateError; the server writes it compare-and-set. */
export const transitionClip = (from: ClipState, event: ClipEvent): ClipTransition => {
  const rule = RULES[event.type];
  if (!rule.from(from)) {
    if (event.type === 'save-draft' && reviewable(from)) {
      throw new JobStateError('clip-not-editable', CLIP_CONFIRMED_DRAFT_MESSAGE);
    }
    throw event.type === 'confirm' || event.type === 'unconfirm' || event.type === 'save-draft'
      ? new JobStateError('clip-not-editable', JOB_STATE_MESSAGES.clipNotEditable)
      : new JobStateError(
          'illegal-transition',
          `${JOB_STATE_MESSAGES.illegalTransition} (clip ${event.type} from ${from.status})`,
        );
  }
  return { ...rule.to(from), failure_reason: event.type === 'fail' ? event.reason : null };
};

/** The statuses a clip may hold for the event, for a compare-and-set over many clips at once. */
export const clipStatusesAllowing = (event: ClipEvent['type']): JobStatus[] =>
  (['awaiting-confirmation', 'processing', 'finished', 'failed'] as const).filter(
    (status) =>
      RULES[event].from({ status, confirmed: true }) ||
      RULES[event].from({ status, confirmed: false }),
  );
