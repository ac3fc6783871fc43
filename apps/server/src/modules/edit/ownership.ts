// Ownership, the check every edit route makes before it touches a job: a user reaches only their
// own; anything else (another user's, deleted, never existed) is the same 404.
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findJobOfUser } from './edit.repository.ts';
import type { JobWithInstance } from './edit.repository.ts';

export const JOB_NOT_FOUND_MESSAGE = 'This video edit does not exist. It may have been deleted.';

/** The user's job, or 404 for anything else (another user's job looks like no job at all). */
export async function loadOwnedJob(
  ctx: AppContext,
  userId: string,
  jobId: string,
  db: DbOrTx = ctx.db,
): Promise<JobWithInstance> {
  const found = await findJobOfUser(db, userId, jobId);
  if (!found) throw notFound(JOB_NOT_FOUND_MESSAGE);
  return found;
}
