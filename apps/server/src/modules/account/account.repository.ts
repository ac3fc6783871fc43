import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from './account.schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return row;
}
