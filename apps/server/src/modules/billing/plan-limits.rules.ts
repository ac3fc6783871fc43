import { MAX_UPLOAD_BYTES, PLANS, TRIAL_EDIT_LIMIT, formatBytes } from '@roughcut/shared';

// SPEC sections 6 and 9: what each plan allows, as the server enforces it (the billing page reads
// shared PLANS itself). "1GB" in the spec is the same binary gigabyte as MAX_UPLOAD_BYTES.

const GB = 1024 ** 3;

/** Only standard is a paid plan; trial and any value the app does not know get the Free limits. */
export const isPaidPlan = (subscriptionType: string): boolean => subscriptionType === 'standard';

export const planOf = (subscriptionType: string) =>
  isPaidPlan(subscriptionType) ? PLANS.standard : PLANS.free;

export const storageLimitBytes = (subscriptionType: string): number =>
  planOf(subscriptionType).storageGb * GB;

export const maxUploadBytesOf = (subscriptionType: string): number =>
  Math.min(MAX_UPLOAD_BYTES, planOf(subscriptionType).maxUploadGb * GB);

/** Edits the plan allows in total; null = unlimited. */
export const editLimitOf = (subscriptionType: string): number | null =>
  isPaidPlan(subscriptionType) ? null : TRIAL_EDIT_LIMIT;

export type StorageCheck = {
  subscriptionType: string;
  /** Bytes already stored (and reserved by uploads in progress). */
  usedBytes: number;
  limitBytes: number;
  /** Size of the new video, when known. */
  neededBytes?: number | undefined;
};

/** Whether a new video of `neededBytes` fits beside what is stored. */
export const fitsInStorage = (check: StorageCheck & { neededBytes: number }): boolean =>
  check.usedBytes + check.neededBytes <= check.limitBytes;

/**
 * The refusal when an upload does not fit: how much is used, what the video needs, and what to
 * delete or buy.
 */
export function storageFullMessage(check: StorageCheck): string {
  const used = `You are using ${formatBytes(check.usedBytes)} of your ${formatBytes(check.limitBytes)} storage`;
  const need =
    check.neededBytes === undefined
      ? 'and this video does not fit in what is left'
      : `and this ${formatBytes(check.neededBytes)} video does not fit in the ${formatBytes(
          Math.max(0, check.limitBytes - check.usedBytes),
        )} that is left`;
  const fix = isPaidPlan(check.subscriptionType)
    ? 'Delete video edits you no longer need on the Video edits page to free space.'
    : `Delete video edits you no longer need on the Video edits page to free space, or buy the Standard plan for ${PLANS.standard.storageGb}GB of storage.`;
  return `${used}, ${need}. ${fix}`;
}
