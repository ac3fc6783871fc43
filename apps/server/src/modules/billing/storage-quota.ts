import { HttpError } from '../../http/errors.ts';
import { lockPlanAccount } from './plan.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { storageUsedBytes, uneditedVideoIds } from '../assets/index.ts';
import { fitsInStorage, storageFullMessage, storageLimitBytes } from './plan-limits.rules.ts';

// SPEC section 9: Free 2GB, Standard 10GB of storage; checked before an upload is stored, while it
// streams, and once more when it is complete.

export type UploadRoom = {
  /** Bytes this upload may take. */
  allowedBytes: number;
  /** The refusal, naming what is used, what the video needs and what to delete or buy. */
  refuse(neededBytes?: number): HttpError;
};

/** 413: the payload does not fit, though not because of the upload size limit. */
const STORAGE_FULL_STATUS = 413;

async function measure(tx: DbOrTx, userId: string, jobId: string) {
  // NOTE: locked, so the checks of two uploads at once take turns and each sees the other's
  // reservation. The job's current video is left out: a successful upload replaces it.
  const account = await lockPlanAccount(tx, userId);
  const subscriptionType = account?.subscriptionType ?? 'trial';
  const limitBytes = storageLimitBytes(subscriptionType);
  const usedBytes = await storageUsedBytes(tx, userId, await uneditedVideoIds(tx, jobId));
  const refuse = (neededBytes?: number) =>
    new HttpError(
      STORAGE_FULL_STATUS,
      storageFullMessage({ subscriptionType, usedBytes, limitBytes, neededBytes }),
    );
  const fits = (neededBytes: number) =>
    fitsInStorage({ subscriptionType, usedBytes, limitBytes, neededBytes });
  return { usedBytes, limitBytes, refuse, fits };
}

/**
 * Call inside the transaction that inserts the uploading asset (with its announced size, which
 * then reserves the space). Throws when the announced size, or any upload at all, cannot fit.
 */
export async function reserveUploadRoom(
  tx: DbOrTx,
  userId: string,
  jobId: string,
  announcedBytes: number | undefined,
): Promise<UploadRoom> {
  const { usedBytes, limitBytes, refuse, fits } = await measure(tx, userId, jobId);
  if (usedBytes >= limitBytes) throw refuse(announcedBytes);
  if (announcedBytes !== undefined && !fits(announcedBytes)) throw refuse(announcedBytes);
  return { allowedBytes: limitBytes - usedBytes, refuse };
}

/** The last word once the whole file is in (an upload without Content-Length reserved nothing). */
export async function assertUploadFits(
  tx: DbOrTx,
  userId: string,
  jobId: string,
  sizeBytes: number,
): Promise<void> {
  const { refuse, fits } = await measure(tx, userId, jobId);
  if (!fits(sizeBytes)) throw refuse(sizeBytes);
}
