import type { BillingSummary } from '@roughcut/shared';

/** Two minutes of polling every two seconds before the page stops waiting for the webhook. */
export const MAX_ACTIVATION_POLLS = 60;

export type Activation = 'active' | 'waiting' | 'slow';

/** Where the success page is: the plan is Standard, still on its way, or taking unusually long. */
export function planActivation(
  summary: Pick<BillingSummary, 'subscription_type'> | undefined,
  polls: number,
): Activation {
  if (summary?.subscription_type === 'standard') return 'active';
  return polls >= MAX_ACTIVATION_POLLS ? 'slow' : 'waiting';
}
