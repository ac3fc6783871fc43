// Ownership, the one check every module makes before it touches a job or a template: a user
// reaches only their own; anything else (another user's, deleted, never existed) is the same 404.
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findInstanceOfJob, findJobOfUser } from '../autojobs/autojobs.repository.ts';
import type { JobInstanceRow, JobWithInstance } from '../autojobs/autojobs.repository.ts';
import { findTemplateOfUser } from '../templates/templates.repository.ts';

export type { JobInstanceRow };

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

/**
 * A run (instance) of a job the caller has already loaded with loadOwnedJob; undefined when the
 * run belongs to another job, so a run id cannot reach across jobs.
 */
export async function findRunOfJob(
  db: DbOrTx,
  jobId: string,
  instanceId: string,
): Promise<JobInstanceRow | undefined> {
  return findInstanceOfJob(db, jobId, instanceId);
}

/** Whether the template is the user's own (another user's template counts as none). */
export async function ownsTemplate(
  ctx: AppContext,
  userId: string,
  templateId: string,
): Promise<boolean> {
  return (await findTemplateOfUser(ctx.db, userId, templateId)) !== undefined;
}
