// The create panel's rules (SPEC 2.7 and 5 "Create edit") and the trial notice (6, 8 and 9) as the
// web shows them; the messages, steps and edits left that the server checks too are shared's.
import {
  CREATE_EDIT_MESSAGES,
  DEFAULT_MAX_WORDS_IN_PHRASE,
  MAX_MAX_WORDS_IN_PHRASE,
  MIN_MAX_WORDS_IN_PHRASE,
  remainingEdits,
} from '@roughcut/shared';
import type { EditOptions, StepType } from '@roughcut/shared';

export const STEP_LABELS: Record<StepType, string> = {
  'optimised-long-form': 'Optimised Long Form',
  'short-form-clips': 'Short Form Clip',
};

export const DEFAULT_NAME_PREFIX = 'Untitled-Edit-';
const NAME_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** "Untitled-Edit-" followed by 8 random letters or digits. `randomBytes` is for tests. */
export const generateDefaultEditName = (
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string => {
  const bytes = randomBytes(8);
  let suffix = '';
  for (let i = 0; i < 8; i += 1) suffix += NAME_ALPHABET[(bytes[i] ?? 0) % NAME_ALPHABET.length];
  return `${DEFAULT_NAME_PREFIX}${suffix}`;
};

export const MAX_WORDS_CHOICES: readonly number[] = Array.from(
  { length: MAX_MAX_WORDS_IN_PHRASE - MIN_MAX_WORDS_IN_PHRASE + 1 },
  (_, i) => MIN_MAX_WORDS_IN_PHRASE + i,
);
export const DEFAULT_MAX_WORDS_CHOICE = DEFAULT_MAX_WORDS_IN_PHRASE;

/**
 * Issue 22: "Remove filler words" in the configure step. Off unless ticked (the spec has no such
 * option, so an edit cuts what it always cut); on, every clip starts with its fillers cut.
 */
export const DEFAULT_REMOVE_FILLERS = false;
export const REMOVE_FILLERS_LABEL = 'Remove filler words';
export const REMOVE_FILLERS_HELP =
  'Cuts "um", "uh" and other fillers from every clip; keep any of them on the clip screen.';

/** Step 3 shows once an option is ticked; max words and style only for short form. */
export const createPanelSections = (
  options: EditOptions,
): { showConfigure: boolean; showShortFormSettings: boolean } => ({
  showConfigure: options.longForm || options.shortForm,
  showShortFormSettings: options.shortForm,
});

/** A picked or dropped file list: one file only; a warning when the name does not end in .mp4. */
export const checkSelectedFiles = <T extends { name: string }>(
  files: readonly T[],
): { file: T | null; error: string | null; warning: string | null } => {
  if (files.length > 1)
    return { file: null, error: CREATE_EDIT_MESSAGES.oneFileOnly, warning: null };
  const file = files[0] ?? null;
  if (file === null) return { file: null, error: null, warning: null };
  const warning = file.name.toLowerCase().endsWith('.mp4') ? null : CREATE_EDIT_MESSAGES.notMp4;
  return { file, error: null, warning };
};

/** Start in the create panel: the first failing rule's message, in the spec's order, or null. */
export const validateCreateEdit = (input: {
  name: string;
  file: { name: string } | null | undefined;
  options: EditOptions;
}): string | null => {
  if (input.name.trim() === '') return CREATE_EDIT_MESSAGES.nameRequired;
  if (input.file === null || input.file === undefined) return CREATE_EDIT_MESSAGES.fileRequired;
  if (!input.options.longForm && !input.options.shortForm)
    return CREATE_EDIT_MESSAGES.optionRequired;
  return null;
};

/** "1 edit remaining", otherwise "N edits remaining" (including "0 edits remaining"). */
export const editsRemainingLabel = (remaining: number): string =>
  `${remaining} ${remaining === 1 ? 'edit' : 'edits'} remaining`;

type AccountLike = { subscription_type: string; download_count: number };

/** The top bar's notice: trial users see their remaining edits; standard users see none. */
export const trialNotice = (account: AccountLike | null | undefined): string | null =>
  account?.subscription_type === 'trial'
    ? editsRemainingLabel(remainingEdits(account.download_count))
    : null;

/** A trial account with no edits left (downloads are what count). */
export const isTrialExhausted = (account: AccountLike): boolean =>
  account.subscription_type === 'trial' && remainingEdits(account.download_count) === 0;
