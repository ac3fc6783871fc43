// The second half of one-running-job-per-user: pg-boss's groupConcurrency skips a user's job while
// another of theirs is active in the same queue, but not in the other heavy queues (analysis,
// render, framing), and two workers fetching at the same instant (separate connections on
// PostgreSQL) can each claim one of the same user's jobs. The later-started hands its job back,
// so a user never holds two slots, across every heavy queue, even for one job's length.
import type { JobWithMetadata, PgBoss } from 'pg-boss';

/** How long a handed-back job waits before it is fetched again (no spinning on a busy user). */
export const HAND_BACK_DELAY_SECONDS = 3;

/**
 * True (and the job is back in its queue, its try not counted) when an earlier-started job of the
 * same owner is active in any of `ownedQueues`; the worker then returns without running it.
 * pg-boss completes only active jobs, so the returned job stays queued.
 */
export async function handBackIfOwnerBusy(
  boss: PgBoss,
  queueName: string,
  ownedQueues: readonly string[],
  entry: Pick<JobWithMetadata, 'id' | 'groupId'>,
): Promise<boolean> {
  if (!entry.groupId) return false;
  const { rows } = await boss.getDb().executeSql(
    `SELECT id FROM pgboss.job WHERE name = ANY($1::text[]) AND group_id = $2 AND state = 'active'
       ORDER BY started_on, id LIMIT 1`,
    [[...new Set([queueName, ...ownedQueues])], entry.groupId],
  );
  const first = (rows[0] as { id?: string } | undefined)?.id;
  if (first === undefined || first === entry.id) return false;
  // NOTE: as pg-boss's own restore: started_on cleared, so the next claim is not counted as a retry.
  await boss.getDb().executeSql(
    `UPDATE pgboss.job SET state = 'created', started_on = NULL, heartbeat_on = NULL,
       start_after = now() + make_interval(secs => $3)
     WHERE name = $1 AND id = $2 AND state = 'active'`,
    [queueName, entry.id, HAND_BACK_DELAY_SECONDS],
  );
  return true;
}
