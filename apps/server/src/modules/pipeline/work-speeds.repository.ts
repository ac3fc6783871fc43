// Issue 33: what this server measured of each kind of a run's work, read as a stage begins (as
// speeds) and added to as a run finishes.
import { inArray } from 'drizzle-orm';
import { DEFAULT_WORK_SPEEDS, WORK_KINDS, addSpeedSample, speedFromSums } from '@roughcut/shared';
import type { SpeedSums, WorkKind, WorkSpeeds } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { workSpeeds } from '../../db/tables/edit.schema.ts';

const isWorkKind = (kind: string): kind is WorkKind =>
  (WORK_KINDS as readonly string[]).includes(kind);

type Row = typeof workSpeeds.$inferSelect;
const sumsOf = (row: Row): SpeedSums => ({
  n: row.n,
  x: row.sumX,
  y: row.sumY,
  xx: row.sumXX,
  xy: row.sumXY,
});

/** The speeds measured so far (a kind never measured is absent: its built-in speed applies). */
export async function readWorkSpeeds(db: DbOrTx): Promise<WorkSpeeds> {
  const speeds: WorkSpeeds = {};
  for (const row of await db.select().from(workSpeeds)) {
    if (isWorkKind(row.kind)) {
      speeds[row.kind] = speedFromSums(sumsOf(row), DEFAULT_WORK_SPEEDS[row.kind]);
    }
  }
  return speeds;
}

/** One finished piece: its kind, the seconds of video it worked through and the seconds it took. */
export type WorkSample = { kind: WorkKind; videoS: number; seconds: number };

/** Adds one finished run's pieces to what was measured. */
export async function recordWorkSpeeds(
  db: Db,
  samples: readonly WorkSample[],
  now: Date,
): Promise<void> {
  const valid = samples.filter(
    (s) => Number.isFinite(s.videoS) && s.videoS > 0 && Number.isFinite(s.seconds) && s.seconds > 0,
  );
  if (valid.length === 0) return;
  const kinds = [...new Set(valid.map((s) => s.kind))];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(workSpeeds).where(inArray(workSpeeds.kind, kinds));
    const sums = new Map<string, SpeedSums>(rows.map((row) => [row.kind, sumsOf(row)]));
    for (const s of valid) sums.set(s.kind, addSpeedSample(sums.get(s.kind), s.videoS, s.seconds));
    for (const kind of kinds) {
      const next = sums.get(kind);
      if (!next) continue;
      const values = {
        n: next.n,
        sumX: next.x,
        sumY: next.y,
        sumXX: next.xx,
        sumXY: next.xy,
        updatedAt: now,
      };
      await tx
        .insert(workSpeeds)
        .values({ kind, ...values })
        .onConflictDoUpdate({ target: workSpeeds.kind, set: values });
    }
  });
}
