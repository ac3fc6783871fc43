import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DrawSettings } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { templates } from '../../db/tables/templates.schema.ts';

export type TemplateRow = typeof templates.$inferSelect;

export async function listTemplatesOfUser(db: Db, userId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(asc(templates.createdAt), asc(templates.id));
}

export async function findTemplateOfUser(
  db: DbOrTx,
  userId: string,
  templateId: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.userId, userId)));
  return row;
}

export async function isTemplateNameTaken(
  db: Db,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(
        eq(templates.userId, userId),
        sql`lower(${templates.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(templates.id, exceptId),
      ),
    );
  return rows.length > 0;
}

export async function insertTemplate(
  db: Db,
  values: { userId: string; name: string; settings: DrawSettings },
): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  if (!row) throw new Error('insert templates returned nothing');
  return row;
}

export async function updateTemplate(
  db: Db,
  templateId: string,
  patch: { name: string; settings: DrawSettings },
): Promise<void> {
  await db.update(templates).set(patch).where(eq(templates.id, templateId));
}

export async function deleteTemplate(db: Db, templateId: string): Promise<void> {
  await db.delete(templates).where(eq(templates.id, templateId));
}

export async function findTemplateById(
  db: DbOrTx,
  templateId: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(templates).where(eq(templates.id, templateId));
  return row;
}
