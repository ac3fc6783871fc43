import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mediaLinks } from '../db/tables/media-links.schema.ts';

export type MediaLinkRow = typeof mediaLinks.$inferSelect;
export type NewMediaLink = Omit<typeof mediaLinks.$inferInsert, 'createdAt'>;

export async function insertMediaLink(db: Db, link: NewMediaLink): Promise<void> {
  await db.insert(mediaLinks).values(link);
}

export async function findMediaLink(db: Db, id: string): Promise<MediaLinkRow | undefined> {
  const [row] = await db.select().from(mediaLinks).where(eq(mediaLinks.id, id));
  return row;
}

/** Deletes the links that expired before `before`; how many went. */
export async function deleteExpiredMediaLinks(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(mediaLinks)
    .where(lt(mediaLinks.expiresAt, before))
    .returning({ id: mediaLinks.id });
  return deleted.length;
}
