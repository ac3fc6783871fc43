import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JobStatus, StepType } from '@roughcut/shared';
import type { Db } from '../../db/client.ts';
import { accounts } from '../account/account.schema.ts';
import { autoJobs, jobInstances } from './autojobs.schema.ts';

export type AutoJobRow = typeof autoJobs.$inferSelect;
export type JobInstanceRow = typeof jobInstances.$inferSelect;
export type JobWithInstance = { job: AutoJobRow; instance: JobInstanceRow | null };

/** Either the app's database or a transaction on it. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const withInstance = (db: DbOrTx) =>
  db
    .select({ job: autoJobs, instance: jobInstances })
    .from(autoJobs)
    .leftJoin(jobInstances, eq(jobInstances.id, autoJobs.latestJobInstanceId));

export async function listJobsOfUser(db: Db, userId: string): Promise<JobWithInstance[]> {
  return withInstance(db).where(eq(autoJobs.userId, userId)).orderBy(desc(autoJobs.lastUpdatedAt));
}

/** The job if it belongs to the user. */
export async function findJobOfUser(
  db: DbOrTx,
  userId: string,
  jobId: string,
): Promise<JobWithInstance | undefined> {
  const [row] = await withInstance(db).where(
    and(eq(autoJobs.id, jobId), eq(autoJobs.userId, userId)),
  );
  return row;
}

export async function findJobById(db: DbOrTx, jobId: string): Promise<JobWithInstance | undefined> {
  const [row] = await withInstance(db).where(eq(autoJobs.id, jobId));
  return row;
}

/** Locks the job row for the rest of the transaction (Start, Cancel and Continue serialise). */
export async function lockJob(tx: DbOrTx, jobId: string): Promise<void> {
  await tx.select({ id: autoJobs.id }).from(autoJobs).where(eq(autoJobs.id, jobId)).for('update');
}

export async function insertJob(
  db: Db,
  values: { userId: string; name: string; steps: StepType[]; now: Date },
): Promise<AutoJobRow> {
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

export type JobPatch = Partial<
  Pick<
    AutoJobRow,
    'name' | 'steps' | 'templateId' | 'language' | 'maxWordsInPhrase' | 'latestJobInstanceId'
  >
>;

export async function updateJob(
  db: DbOrTx,
  jobId: string,
  patch: JobPatch,
  now: Date,
): Promise<void> {
  await db
    .update(autoJobs)
    .set({ ...patch, lastUpdatedAt: now })
    .where(eq(autoJobs.id, jobId));
}

export async function deleteJob(db: Db, jobId: string): Promise<void> {
  await db.delete(autoJobs).where(eq(autoJobs.id, jobId));
}

export async function insertInstance(
  db: DbOrTx,
  values: { autoJobId: string; status: JobStatus; confirmed: boolean; now: Date },
): Promise<JobInstanceRow> {
  const [row] = await db
    .insert(jobInstances)
    .values({
      autoJobId: values.autoJobId,
      status: values.status,
      confirmed: values.confirmed,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert job_instances returned nothing');
  return row;
}

export async function findInstance(
  db: DbOrTx,
  instanceId: string,
): Promise<JobInstanceRow | undefined> {
  const [row] = await db.select().from(jobInstances).where(eq(jobInstances.id, instanceId));
  return row;
}

/** An instance of the given job (ownership of the job is checked by the caller). */
export async function findInstanceOfJob(
  db: DbOrTx,
  jobId: string,
  instanceId: string,
): Promise<JobInstanceRow | undefined> {
  const [row] = await db
    .select()
    .from(jobInstances)
    .where(and(eq(jobInstances.id, instanceId), eq(jobInstances.autoJobId, jobId)));
  return row;
}

export type InstancePatch = Partial<
  Pick<
    JobInstanceRow,
    'status' | 'confirmed' | 'failureReason' | 'progress' | 'queueJobName' | 'queueJobId'
  >
>;

/**
 * Updates an instance only while it is still in the expected state, so a worker and a user
 * (Cancel) racing each other cannot overwrite one another. Returns whether it applied.
 */
export async function updateInstanceIf(
  db: DbOrTx,
  instanceId: string,
  expected: { status: JobStatus; confirmed?: boolean },
  patch: InstancePatch,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobInstances)
    .set({ ...patch, updatedAt: now })
    .where(
      and(
        eq(jobInstances.id, instanceId),
        eq(jobInstances.status, expected.status),
        expected.confirmed === undefined
          ? undefined
          : eq(jobInstances.confirmed, expected.confirmed),
      ),
    )
    .returning({ id: jobInstances.id });
  return rows.length > 0;
}

/** Progress only while the instance is still processing; never moves the job's updated time. */
export async function setInstanceProgress(
  db: Db,
  instanceId: string,
  progress: number,
): Promise<void> {
  await db
    .update(jobInstances)
    .set({ progress })
    .where(and(eq(jobInstances.id, instanceId), eq(jobInstances.status, 'processing')));
}

/** The instance's status (undefined when it no longer exists), for the cancel watch. */
export async function readInstanceStatus(
  db: Db,
  instanceId: string,
): Promise<{ status: JobStatus; confirmed: boolean } | undefined> {
  const [row] = await db
    .select({ status: jobInstances.status, confirmed: jobInstances.confirmed })
    .from(jobInstances)
    .where(eq(jobInstances.id, instanceId));
  return row;
}

export async function instancesOfJob(db: Db, jobId: string): Promise<JobInstanceRow[]> {
  return db.select().from(jobInstances).where(eq(jobInstances.autoJobId, jobId));
}

export async function cancelInstances(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobInstances)
    .set({ status: 'cancelled', updatedAt: now })
    .where(inArray(jobInstances.id, ids));
}

/**
 * Marks the instance downloaded if it was not yet; returns true the first time only, so the
 * trial counts each finished edit once however often it is downloaded.
 */
export async function markDownloaded(
  db: DbOrTx,
  instanceId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobInstances)
    .set({ downloadedAt: now })
    .where(and(eq(jobInstances.id, instanceId), isNull(jobInstances.downloadedAt)))
    .returning({ id: jobInstances.id });
  if (rows.length === 0) return false;
  await db
    .update(accounts)
    .set({ downloadCount: sql`${accounts.downloadCount} + 1` })
    .where(eq(accounts.userId, userId));
  return true;
}

export async function findAccountOf(
  db: DbOrTx,
  userId: string,
): Promise<{ subscriptionType: string; downloadCount: number } | undefined> {
  const [row] = await db
    .select({
      subscriptionType: accounts.subscriptionType,
      downloadCount: accounts.downloadCount,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row;
}
