import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codes } from '../../db/tables/auth.schema.ts';
import type { CodeKind } from '../../db/tables/auth.schema.ts';

export type CodeRow = typeof codes.$inferSelect;

export async function findCodeByHash(db: Db, hash: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(codes).where(eq(codes.hash, hash));
  return row;
}

export async function findCodeByJob(db: Db, jobId: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(codes).where(eq(codes.jobId, jobId));
  return row;
}

/**
 * Stores a new code of `kind` for the user and drops their older unused ones of that kind, so
 * only the link in the newest e-mail works.
 */
export async function replaceCode(
  db: Db,
  code: {
    hash: string;
    kind: CodeKind;
    userId: string;
    newEmail: string | null;
    expiresAt: Date;
    jobId: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(codes)
      .where(and(eq(codes.userId, code.userId), eq(codes.kind, code.kind), isNull(codes.usedAt)));
    await tx.insert(codes).values(code);
  });
}

export async function markCodeSent(db: Db, hash: string, sentAt: Date): Promise<void> {
  await db.update(codes).set({ sentAt }).where(eq(codes.hash, hash));
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Db, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.hash, hash), isNull(codes.usedAt)))
    .returning({ hash: codes.hash });
  return rows.length > 0;
}
