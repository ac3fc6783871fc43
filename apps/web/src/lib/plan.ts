import { TRIAL_EDIT_LIMIT } from '@roughcut/shared';
import type { AccountResponse } from '@roughcut/shared';

export const INVALID_SUBSCRIPTION_TYPE = 'invalid_subscription_type';
export const TRIAL_EXHAUSTED = '0 edits remaining - Please upgrade your account to continue.';

/** SPEC section 9: 10 minus download_count, never below zero. */
export function remainingTrialEdits(downloadCount: number): number {
  return Math.max(0, TRIAL_EDIT_LIMIT - Math.max(0, Math.floor(downloadCount)));
}

/** "1 edit remaining", "0 edits remaining", "7 edits remaining". */
export function formatEditsRemaining(remaining: number): string {
  return `${remaining} ${remaining === 1 ? 'edit' : 'edits'} remaining`;
}

/** The signed-in top bar's notice: trial users only; standard (and unknown) plans show none. */
export function trialNotice(account: AccountResponse | undefined): string | null {
  if (account?.subscription_type !== 'trial') return null;
  return formatEditsRemaining(remainingTrialEdits(account.download_count));
}

/** Display name of a plan; anything the app does not know is shown as invalid_subscription_type. */
export function describeSubscription(type: string | undefined): string {
  if (type === 'trial') return 'Trial';
  if (type === 'standard') return 'Standard';
  return INVALID_SUBSCRIPTION_TYPE;
}
