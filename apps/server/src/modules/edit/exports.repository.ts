// The clip rows as an export needs them. NOTE: a long form's detected phrases, gaps and confirm can
// be megabytes of JSON; the request thread reads only the small fields and the row's version, and
// the export thread gets the big ones as the database's own text, so the request thread never
// parses them.
import { and, eq, sql } from 'drizzle-orm';
import type { ClipReframe } from '@roughcut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { clips } from '../../db/tables/clips.schema.ts';

/**
 * The row version: PostgreSQL's `xmin`, the transaction that wrote this version of the row. Every
 * update of the clip (a confirm, new phrases, a new style) writes a new one, and reading it costs
 * nothing, where a digest of the row's JSON took the embedded database a few hundred milliseconds
 * on the request thread for a long talk. NOTE: an update that changes nothing an export reads (a
 * status) makes a new version too; the export is then made once more, never served stale.
 */
const rowVersion = sql<string>`${clips}.xmin::text`;

const head = {
  id: clips.id,
  title: clips.title,
  isLongForm: clips.isLongForm,
  startS: clips.startS,
  endS: clips.endS,
  removeFillers: clips.removeFillers,
  version: rowVersion,
};

export type ExportClipHead = {
  id: string;
  title: string;
  isLongForm: boolean;
  startS: number;
  endS: number;
  removeFillers: boolean;
  version: string;
};

/**
 * The big columns as JSON text, read in the same statement as the head they belong to. WARNING:
 * the detected phrases and gaps are left out (null) where the confirm carries its own, as the plan
 * (clip-plan.rules.ts) then never reads them: half the text on a confirmed long form.
 */
export type ExportClipBody = ExportClipHead & {
  segments: string | null;
  gaps: string | null;
  drawSettings: string;
  edits: string | null;
  /** How a short is framed, and its stored follow and split plans (JSON text; null: none yet). */
  reframe: ClipReframe;
  framing: string | null;
};

const confirmed = (part: 'phrases' | 'cut') =>
  sql`jsonb_typeof(${clips.edits} -> ${part}) = 'array'`;

export async function findExportClip(
  db: DbOrTx,
  runId: string,
  clipId: string,
): Promise<ExportClipHead | undefined> {
  const [row] = await db
    .select(head)
    .from(clips)
    .where(and(eq(clips.id, clipId), eq(clips.autoJobInstanceId, runId)));
  return row;
}

/** The run's clips, without their data: whether it has any, and which is the long form. */
export async function listClipIdsOfRun(
  db: DbOrTx,
  runId: string,
): Promise<{ id: string; isLongForm: boolean }[]> {
  return db
    .select({ id: clips.id, isLongForm: clips.isLongForm })
    .from(clips)
    .where(eq(clips.autoJobInstanceId, runId));
}

export async function loadExportClipBody(
  db: DbOrTx,
  clipId: string,
): Promise<ExportClipBody | undefined> {
  const [row] = await db
    .select({
      ...head,
      segments: sql<
        string | null
      >`case when ${confirmed('phrases')} then null else ${clips.segments}::text end`,
      gaps: sql<
        string | null
      >`case when ${confirmed('cut')} then null else ${clips.gaps}::text end`,
      drawSettings: sql<string>`${clips.drawSettings}::text`,
      edits: sql<string | null>`${clips.edits}::text`,
      reframe: clips.reframe,
      framing: sql<string | null>`${clips.framing}::text`,
    })
    .from(clips)
    .where(eq(clips.id, clipId));
  return row;
}

/** The ids of the edit's clips (of every run it still has). */
export async function existingClipIds(db: DbOrTx, jobId: string): Promise<Set<string>> {
  const rows = await db.select({ id: clips.id }).from(clips).where(eq(clips.autoJobId, jobId));
  return new Set(rows.map((r) => r.id));
}
