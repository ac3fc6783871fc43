import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';

/** The user whose edit a run belongs to; undefined when it is gone. */
export async function findRunOwner(db: DbOrTx, instanceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: autoJobs.userId })
    .from(jobInstances)
    .innerJoin(autoJobs, eq(autoJobs.id, jobInstances.autoJobId))
    .where(eq(jobInstances.id, instanceId));
  return row?.userId;
}
