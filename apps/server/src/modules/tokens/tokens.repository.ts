// The only queries of the access_tokens table.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens } from '../../db/tables/access-tokens.schema.ts';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

export async function insertAccessToken(
  db: Db,
  row: typeof accessTokens.$inferInsert,
): Promise<AccessTokenRow> {
  const [inserted] = await db.insert(accessTokens).values(row).returning();
  if (!inserted) throw new Error('the access token was not stored');
  return inserted;
}

export async function listAccessTokens(db: Db, userId: string): Promise<AccessTokenRow[]> {
  return db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt));
}

/** Tokens of the user that still work (neither revoked nor expired at `now`). */
export async function countLiveAccessTokens(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    );
  return row?.count ?? 0;
}

export async function findAccessTokenByHash(
  db: Db,
  hash: string,
): Promise<AccessTokenRow | undefined> {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.hash, hash));
  return row;
}

export async function findAccessTokenById(db: Db, id: string): Promise<AccessTokenRow | undefined> {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, id));
  return row;
}

/** Revokes the user's token now (a second revoke keeps the first time); false when not theirs. */
export async function revokeAccessToken(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

export async function touchAccessToken(db: Db, id: string, now: Date): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id));
}
