// Ownership, the check every edit route makes before it touches a job: a user reaches only their
// own; anything else (another user's, deleted, never existed) is the same 404.
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findEditOfUser } from './edit.repository.ts';
import type { EditWithRun } from './edit.repository.ts';

export const EDIT_NOT_FOUND_MESSAGE = 'This video edit does not exist. It may have been deleted.';

/** The user's job, or 404 for anything else (another user's job looks like no job at all). */
export async function loadOwnedEdit(
  ctx: AppContext,
  userId: string,
  jobId: string,
  db: DbOrTx = ctx.db,
): Promise<EditWithRun> {
  const found = await findEditOfUser(db, userId, jobId);
  if (!found) throw notFound(EDIT_NOT_FOUND_MESSAGE);
  return found;
}
