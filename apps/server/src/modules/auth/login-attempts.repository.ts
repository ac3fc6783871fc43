import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/tables/auth.schema.ts';

/** A try held against one key: the window it was counted in, to give it back to that window. */
export type HeldAttempt = { key: string; resetAt: Date };

/**
 * Counts one try against `key` in one statement, unless its window already holds `limit`: the
 * count is taken before the password is checked, so simultaneous tries see each other's. A
 * window that ended starts again at one. Undefined when the limit is reached.
 */
export async function reserveAttempt(
  db: Db,
  input: { key: string; limit: number; now: Date; windowMs: number },
): Promise<HeldAttempt | undefined> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const ended = sql`${loginAttempts.resetAt} <= ${now}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key: input.key, count: 1, resetAt: new Date(input.now.getTime() + input.windowMs) })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        count: sql`case when ${ended} then 1 else ${loginAttempts.count} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${loginAttempts.resetAt} end`,
      },
      setWhere: sql`${ended} or ${loginAttempts.count} < ${input.limit}`,
    })
    .returning({ resetAt: loginAttempts.resetAt });
  return row ? { key: input.key, resetAt: row.resetAt } : undefined;
}

/** When the window of `key` ends (undefined when it holds no count). */
export async function attemptWindowEnd(db: Db, key: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ resetAt: loginAttempts.resetAt })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  return row?.resetAt;
}

/** Gives one held try back, unless its window has since been replaced by a new one. */
export async function releaseAttempt(db: Db, held: HeldAttempt): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
    .where(and(eq(loginAttempts.key, held.key), eq(loginAttempts.resetAt, held.resetAt)));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export async function deleteEndedAttempts(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.resetAt, now))
    .returning({ key: loginAttempts.key });
  return deleted.length;
}
