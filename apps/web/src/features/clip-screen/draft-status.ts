import { ApiError, describeError, isClientError } from '../../api/api-error.ts';
import type { DraftSyncStatus } from './draft-sync.ts';

// Issue 31: the words for the draft's state on the clip screen and the timeline editor, and for
// the question asked before leaving with changes not saved yet.

export const DRAFT_RESTORED = 'Draft restored';
export const DISCARD_DRAFT = 'Discard draft';
export const DISCARD_FAILED = 'The draft could not be discarded, please try again';
const SAVE_FAILED = 'The draft could not be saved';

export const LEAVE_TITLE = 'Leave with unsaved changes?';
export const KEEP_EDITING = 'Keep editing';
export const LEAVE_ANYWAY = 'Leave';

/** A sentence, ending in one full stop. */
const sentence = (text: string): string => `${text.replace(/[.\s]+$/, '')}.`;

/** Why a save failed, as the server or the connection put it. */
export const describeSaveError = (error: unknown): string =>
  describeError(error, error instanceof ApiError ? error.message : SAVE_FAILED);

/**
 * Whether saving again cannot help: the server refused the draft (4xx), but not "too many
 * requests" or "timed out", which pass.
 */
export const isDraftRefusal = (error: unknown): boolean =>
  isClientError(error) && error instanceof ApiError && error.status !== 408 && error.status !== 429;

export type DraftLine = { text: string; tone: 'quiet' | 'warning' | 'error' };

/** The line under the clip actions, or null when there is nothing to say. */
export function draftStatusLine(status: DraftSyncStatus): DraftLine | null {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'pending':
    case 'saving':
      return { text: 'Saving draft…', tone: 'quiet' };
    case 'saved':
      return { text: 'Draft saved', tone: 'quiet' };
    case 'retrying':
      return {
        text: `Draft not saved yet: ${sentence(status.message)} Retrying…`,
        tone: 'warning',
      };
    case 'refused':
      return { text: `Draft not saved: ${sentence(status.message)}`, tone: 'error' };
  }
}

/** What the question before leaving says, by where the save stands. */
export function leaveQuestion(status: DraftSyncStatus): string {
  switch (status.kind) {
    case 'retrying':
    case 'refused':
      return `Your latest changes are not saved: ${sentence(status.message)} If you leave now, they are lost.`;
    case 'saved':
    case 'idle':
      return 'Your changes are saved as a draft now: they will be here when you come back.';
    case 'pending':
    case 'saving':
      return 'Your latest changes are still being saved as a draft. Wait a moment to keep them, or leave now and they are sent on the way out.';
  }
}
