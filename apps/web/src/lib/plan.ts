import { TRIAL_EXHAUSTED_MESSAGE, remainingEdits } from '@roughcut/shared';
import { trialNotice as sharedTrialNotice } from './create-edit.rules.ts';
import type { AccountResponse, PLANS } from '@roughcut/shared';

// The plan rules of SPEC sections 3, 6 and 9 as the screens show them; the counting itself lives
// in @roughcut/shared so the server enforces exactly what the top bar says.

export const INVALID_SUBSCRIPTION_TYPE = 'invalid_subscription_type';
export const TRIAL_EXHAUSTED = TRIAL_EXHAUSTED_MESSAGE;

/** SPEC section 9: 10 minus download_count, never below zero. */
export const remainingTrialEdits = remainingEdits;

/** The signed-in top bar's notice: trial users only; standard (and unknown) plans show none. */
export const trialNotice = (account: AccountResponse | undefined): string | null =>
  sharedTrialNotice(account);

/** Display name of a plan; anything the app does not know is shown as invalid_subscription_type. */
export function describeSubscription(type: string | undefined): string {
  if (type === 'trial') return 'Trial';
  if (type === 'standard') return 'Standard';
  return INVALID_SUBSCRIPTION_TYPE;
}

export type PlanFacts = (typeof PLANS)[keyof typeof PLANS];

/** The tier's facts as the landing page words them (SPEC section 9). */
export const planFeatures = (plan: PlanFacts): string[] => [
  `${plan.maxUploadGb}GB maximum video upload size`,
  `${plan.storageGb}GB storage`,
  plan.edits,
  `${plan.supportHours}-hour support response time`,
];

/** 0-100 for a progress bar; a full or over-full quota shows full. */
export const usagePercent = (used: number, limit: number): number =>
  limit <= 0 ? 100 : Math.min(100, Math.max(0, (used / limit) * 100));
