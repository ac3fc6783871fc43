// The polling read path: GET /api/manage/autojobs and GET /api/manage/autojob/{id}, which every
// open list and job page repeats every few seconds. One query each, prepared once per database
// handle, reading only the columns the answer shows (never a run's stored probe, which
// holds every keyframe of the video).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EditRow, RunRow } from './edit.repository.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';

export type RunSummary = Pick<
  RunRow,
  | 'id'
  | 'autoJobId'
  | 'status'
  | 'confirmed'
  | 'failureReason'
  | 'progress'
  | 'progressStage'
  | 'progressClip'
  | 'progressClips'
  | 'secondsLeft'
  | 'progressAt'
  | 'updatedAt'
>;
export type EditSummary = { job: EditRow; instance: RunSummary | null };

const summary = (db: Db) =>
  db
    .select({
      job: autoJobs,
      instance: {
        id: jobInstances.id,
        autoJobId: jobInstances.autoJobId,
        status: jobInstances.status,
        confirmed: jobInstances.confirmed,
        failureReason: jobInstances.failureReason,
        progress: jobInstances.progress,
        progressStage: jobInstances.progressStage,
        progressClip: jobInstances.progressClip,
        progressClips: jobInstances.progressClips,
        secondsLeft: jobInstances.secondsLeft,
        progressAt: jobInstances.progressAt,
        updatedAt: jobInstances.updatedAt,
      },
    })
    .from(autoJobs)
    .leftJoin(jobInstances, eq(jobInstances.id, autoJobs.latestJobInstanceId));

const prepare = (db: Db) => ({
  list: summary(db)
    .where(eq(autoJobs.userId, sql.placeholder('userId')))
    .orderBy(desc(autoJobs.lastUpdatedAt))
    .prepare('rc_poll_job_list'),
  one: summary(db)
    .where(
      and(
        eq(autoJobs.id, sql.placeholder('jobId')),
        eq(autoJobs.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('rc_poll_job'),
});

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function queriesFor(db: Db): ReturnType<typeof prepare> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepare(db);
    prepared.set(db, queries);
  }
  return queries;
}

/** The user's jobs with their latest run, last updated first. */
export async function listEditSummariesOfUser(db: Db, userId: string): Promise<EditSummary[]> {
  return queriesFor(db).list.execute({ userId });
}

/** The job with its latest run, if it belongs to the user. */
export async function findEditSummaryOfUser(
  db: Db,
  userId: string,
  jobId: string,
): Promise<EditSummary | undefined> {
  const [row] = await queriesFor(db).one.execute({ userId, jobId });
  return row;
}
