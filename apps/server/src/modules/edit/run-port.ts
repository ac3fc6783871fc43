// The run's port: what the workers (the pipeline module) ask of an edit's run, as intents. The
// rows behind it (runs and clips, their status writes through the lifecycle) stay private to this
// module; every status change still goes through the one transition table.
import type { InstanceEvent, InstanceStage } from '@roughcut/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { JobStateError } from '../../errors/job-state-error.ts';
import type { EnergyTrack } from '../../engine-adapter/engine-basics.adapter.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { clipsToFrame, plannedFraming } from './clip-framing.rules.ts';
import { NEW_CLIP_STATE } from './clip-state.rules.ts';
import { saveWaveform } from './clip-waveform.storage.ts';
import { deleteClipsOfRun, insertClips, listClipsOfRun, storeFraming } from './clips.repository.ts';
import type { ClipRow, NewClip } from './clips.repository.ts';
import {
  NO_PROGRESS_DETAIL,
  findEdit,
  findRun,
  readRunStatus,
  runsOwnedByWorkers,
  setRunProbe,
  setRunProgress,
} from './edit.repository.ts';
import type { EditRow, RunProgressDetail, RunRow } from './edit.repository.ts';
import { GAVE_UP_REASON, QUEUE_FAILED_REASON } from './failure-reasons.ts';
import { stageOf } from './job-state.rules.ts';
import { transitionClipRow, transitionRunRow } from './lifecycle.repository.ts';
import type { RunExtras } from './lifecycle.repository.ts';

type StoredFraming = Parameters<typeof storeFraming>[2];

/**
 * Claims the run for `stage`: a queued one begins processing; one already processing in this
 * stage was left by a try that died (its worker was killed) and is resumed. Anything else is not
 * this job's to run (cancelled, finished, a repeated message): undefined.
 */
async function claimStage(
  db: DbOrTx,
  runId: string,
  stage: InstanceStage,
): Promise<{ run: RunRow; resumed: boolean } | undefined> {
  const run = await findRun(db, runId);
  if (!run || stageOf(run) !== stage) return undefined;
  if (run.status === 'processing') return { run, resumed: true };
  const began = await transitionRunRow(db, run, { type: 'begin-processing' }, new Date(), {
    progress: 0,
    ...NO_PROGRESS_DETAIL,
  }).catch((error: unknown) => {
    if (error instanceof JobStateError) return undefined;
    throw error;
  });
  return began && { run: began, resumed: false };
}

/**
 * Fails the run with the reason while a worker stage owns it (queued or processing); false
 * when it is past that (finished, cancelled) or moved meanwhile.
 */
async function failStage(db: DbOrTx, runId: string, reason: string): Promise<boolean> {
  const run = await findRun(db, runId);
  if (!run || stageOf(run) === null) return false;
  const failed = await transitionRunRow(db, run, { type: 'fail', reason }, new Date()).catch(
    () => undefined,
  );
  return failed !== undefined;
}

/** The run is still in the state a stage claimed (not cancelled, deleted or moved on). */
async function isStillClaimed(db: DbOrTx, claimed: RunRow): Promise<boolean> {
  const now = await findRun(db, claimed.id).catch(() => claimed);
  return now?.status === claimed.status && now.confirmed === claimed.confirmed;
}

/** Applies a stage's closing event; undefined when the run moved meanwhile (cancelled). */
const closeStage = (tx: DbOrTx, run: RunRow, event: InstanceEvent, extras: RunExtras = {}) =>
  transitionRunRow(tx, run, event, new Date(), { progress: 1, ...extras });

/** A clip as the analysis found it: it starts awaiting confirmation. */
export type FoundClip = Omit<NewClip, keyof typeof NEW_CLIP_STATE>;

/** The analysis's clips replace whatever an earlier try of it stored. */
async function recordClips(tx: DbOrTx, runId: string, clips: FoundClip[]): Promise<void> {
  await deleteClipsOfRun(tx, runId);
  await insertClips(
    tx,
    clips.map((clip) => ({ ...clip, ...NEW_CLIP_STATE })),
  );
}

/** A clip that could not be rendered, with the reason the user reads. */
const clipFailed = (db: DbOrTx, clipId: string, reason: string) =>
  transitionClipRow(
    db,
    { id: clipId, status: 'processing', confirmed: true },
    { type: 'fail', reason },
  );

/** A clip whose video is stored (inside the transaction that stores its asset). */
const clipRendered = (tx: DbOrTx, clipId: string) =>
  transitionClipRow(
    tx,
    { id: clipId, status: 'processing', confirmed: true },
    { type: 'rendered' },
  );

/** Why a run the queue no longer holds is failed by the sweep. */
export type LostRunCause = 'never-queued' | 'queue-gave-up';

export const runPort = {
  findRun,
  /** The edit a run belongs to. */
  editOf: async (db: DbOrTx, run: RunRow): Promise<EditRow | undefined> =>
    (await findEdit(db, run.autoJobId))?.job,
  readStatus: readRunStatus,
  claimStage,
  isStillClaimed,
  reportProgress: (db: Db, runId: string, fraction: number, detail: RunProgressDetail | null) =>
    setRunProgress(db, runId, fraction, detail),
  closeStage,
  failStage,
  /** The queue used up every try of the run's stage. */
  giveUp: (db: DbOrTx, runId: string) => failStage(db, runId, GAVE_UP_REASON),
  /** Runs a worker stage holds that were last touched before `before` (the sweep's to check). */
  runsHeldByWorkers: runsOwnedByWorkers,
  /** Fails a run the queue holds no live job for; false when it moved meanwhile. */
  failLostRun: async (db: DbOrTx, run: RunRow, cause: LostRunCause, now: Date) => {
    const reason = cause === 'never-queued' ? QUEUE_FAILED_REASON : GAVE_UP_REASON;
    const failed = await transitionRunRow(db, run, { type: 'fail', reason }, now).catch(
      () => undefined,
    );
    return failed !== undefined;
  },
  recordClips,
  keepWaveform: (storage: MediaStorage, editId: string, runId: string, energy: EnergyTrack) =>
    saveWaveform(storage, editId, runId, energy),
  /** Whether a clip of the analysis has framing to plan (its framing follows or splits). */
  needsFraming: plannedFraming,
  /** Pinned so a retry does not probe again. */
  pinProbe: (db: DbOrTx, runId: string, probe: NonNullable<RunRow['videoProbe']>) =>
    setRunProbe(db, runId, probe),
  confirmedClips: async (db: DbOrTx, runId: string): Promise<ClipRow[]> =>
    (await listClipsOfRun(db, runId)).filter((c) => c.confirmed),
  clipRenderBegan: (db: DbOrTx, clip: ClipRow) =>
    transitionClipRow(db, clip, { type: 'begin-render' }),
  clipRendered,
  clipFailed,
  /** The run's shorts whose framing is to plan (`clipId`: that one only). */
  clipsToFrame: async (db: DbOrTx, runId: string, clipId?: string): Promise<ClipRow[]> =>
    clipsToFrame(await listClipsOfRun(db, runId), clipId),
  recordFraming: (db: DbOrTx, clipId: string, framing: StoredFraming) =>
    storeFraming(db, clipId, framing),
};
