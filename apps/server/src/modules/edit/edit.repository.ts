import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { JobStatus, RunStage, StageClip, StepType } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';
import { stillAsRead } from './as-read.repository.ts';
import { WORKER_STATES } from './job-state.rules.ts';

export type EditRow = typeof autoJobs.$inferSelect;
export type RunRow = typeof jobInstances.$inferSelect;
export type EditWithRun = { job: EditRow; instance: RunRow | null };

/** Either the app's database or a transaction on it. */

const withLatestRun = (db: DbOrTx) =>
  db
    .select({ job: autoJobs, instance: jobInstances })
    .from(autoJobs)
    .leftJoin(jobInstances, eq(jobInstances.id, autoJobs.latestJobInstanceId));

/** The job if it belongs to the user. */
export async function findEditOfUser(
  db: DbOrTx,
  userId: string,
  jobId: string,
): Promise<EditWithRun | undefined> {
  const [row] = await withLatestRun(db).where(
    and(eq(autoJobs.id, jobId), eq(autoJobs.userId, userId)),
  );
  return row;
}

export async function findEdit(db: DbOrTx, jobId: string): Promise<EditWithRun | undefined> {
  const [row] = await withLatestRun(db).where(eq(autoJobs.id, jobId));
  return row;
}

/** Locks the job row for the rest of the transaction (Start, Cancel and Continue serialise). */
export async function lockEdit(tx: DbOrTx, jobId: string): Promise<void> {
  await tx.select({ id: autoJobs.id }).from(autoJobs).where(eq(autoJobs.id, jobId)).for('update');
}

export async function insertEdit(
  db: Db,
  values: { userId: string; name: string; steps: StepType[]; now: Date },
): Promise<EditRow> {
  const [row] = await db
    .insert(autoJobs)
    .values({
      userId: values.userId,
      name: values.name,
      steps: values.steps,
      createdAt: values.now,
      lastUpdatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert auto_jobs returned nothing');
  return row;
}

export type EditPatch = Partial<
  Pick<
    EditRow,
    | 'name'
    | 'steps'
    | 'templateId'
    | 'language'
    | 'maxWordsInPhrase'
    | 'removeFillers'
    | 'reframe'
    | 'latestJobInstanceId'
  >
>;

export async function updateEdit(
  db: DbOrTx,
  jobId: string,
  patch: EditPatch,
  now: Date,
): Promise<void> {
  await db
    .update(autoJobs)
    .set({ ...patch, lastUpdatedAt: now })
    .where(eq(autoJobs.id, jobId));
}

export async function deleteEdit(db: Db, jobId: string): Promise<void> {
  await db.delete(autoJobs).where(eq(autoJobs.id, jobId));
}

/** A new run in the table's initial state, with the video (and its probe) it will use. */
export async function insertRun(
  db: DbOrTx,
  values: {
    autoJobId: string;
    status: JobStatus;
    confirmed: boolean;
    videoAssetId: string;
    videoProbe: RunRow['videoProbe'];
    now: Date;
  },
): Promise<RunRow> {
  const [row] = await db
    .insert(jobInstances)
    .values({
      autoJobId: values.autoJobId,
      status: values.status,
      confirmed: values.confirmed,
      videoAssetId: values.videoAssetId,
      videoProbe: values.videoProbe,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert job_instances returned nothing');
  return row;
}

export async function findRun(db: DbOrTx, instanceId: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(jobInstances).where(eq(jobInstances.id, instanceId));
  return row;
}

/** A run of the given job (ownership of the job is checked by the caller). */
export async function findRunOfEdit(
  db: DbOrTx,
  jobId: string,
  instanceId: string,
): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(jobInstances)
    .where(and(eq(jobInstances.id, instanceId), eq(jobInstances.autoJobId, jobId)));
  return row;
}

/**
 * Notes the pg-boss job now doing the run's work (so Cancel can stop it), only while the
 * run is still in the state that queued it. Never a status: those go through the lifecycle.
 */
export async function setRunQueueJob(
  db: DbOrTx,
  instance: { id: string; status: JobStatus; confirmed: boolean },
  queueJob: { name: string; id: string },
): Promise<boolean> {
  const rows = await db
    .update(jobInstances)
    .set({ queueJobName: queueJob.name, queueJobId: queueJob.id })
    .where(stillAsRead(jobInstances, instance))
    .returning({ id: jobInstances.id });
  return rows.length > 0;
}

/** Keeps a fuller probe of the pinned video (with keyframes) for the stages after this one. */
export async function setRunProbe(
  db: DbOrTx,
  instanceId: string,
  probe: NonNullable<RunRow['videoProbe']>,
): Promise<void> {
  await db.update(jobInstances).set({ videoProbe: probe }).where(eq(jobInstances.id, instanceId));
}

/** Issue 33: what a processing run reports beside its fraction (its stage and time left). */
export type RunProgressDetail = {
  stage: RunStage;
  clip: StageClip | null;
  secondsLeft: number | null;
  /** When the time left was estimated. */
  at: Date;
};

/** The progress columns of a run that has reported nothing yet (a stage just claimed). */
export const NO_PROGRESS_DETAIL = {
  progressStage: null,
  progressClip: null,
  progressClips: null,
  secondsLeft: null,
  progressAt: null,
} as const;

/** Progress only while the run is still processing; never moves the job's updated time. */
export async function setRunProgress(
  db: Db,
  instanceId: string,
  progress: number,
  detail?: RunProgressDetail | null,
): Promise<void> {
  await db
    .update(jobInstances)
    .set({
      progress,
      ...(detail
        ? {
            progressStage: detail.stage,
            progressClip: detail.clip?.number ?? null,
            progressClips: detail.clip?.count ?? null,
            secondsLeft: detail.secondsLeft,
            progressAt: detail.at,
          }
        : {}),
    })
    .where(and(eq(jobInstances.id, instanceId), eq(jobInstances.status, 'processing')));
}

/** The run's status (undefined when it no longer exists), for the cancel watch. */
export async function readRunStatus(
  db: Db,
  instanceId: string,
): Promise<{ status: JobStatus; confirmed: boolean } | undefined> {
  const [row] = await db
    .select({ status: jobInstances.status, confirmed: jobInstances.confirmed })
    .from(jobInstances)
    .where(eq(jobInstances.id, instanceId));
  return row;
}

export async function runsOfEdit(db: Db, jobId: string): Promise<RunRow[]> {
  return db.select().from(jobInstances).where(eq(jobInstances.autoJobId, jobId));
}

/** Marks the run's result delivered; true only the first time. */
export async function markRunDelivered(
  tx: DbOrTx,
  instanceId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(jobInstances)
    .set({ downloadedAt: now })
    .where(and(eq(jobInstances.id, instanceId), isNull(jobInstances.downloadedAt)))
    .returning({ id: jobInstances.id });
  return rows.length > 0;
}

/** Runs a worker stage owns (queued or running) whose last transition is older than `before`. */
export async function runsOwnedByWorkers(db: DbOrTx, before: Date): Promise<RunRow[]> {
  return db
    .select()
    .from(jobInstances)
    .where(
      and(
        lt(jobInstances.updatedAt, before),
        or(
          ...WORKER_STATES.map((s) =>
            and(eq(jobInstances.status, s.status), eq(jobInstances.confirmed, s.confirmed)),
          ),
        ),
      ),
    );
}
