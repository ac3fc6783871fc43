import type {
  Clip,
  ClipFramingResponse,
  ClipReframe,
  ConfirmClipRequest,
  OkResponse,
  WaveformResponse,
} from '@roughcut/shared';
import { confirmWindowIssues, confirmPhrasesError, isDefaultConfirm } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { lockEdit, setRunQueueJob } from './edit.repository.ts';
import { renderJob } from './run.queue-jobs.ts';
import { loadOwnedEdit } from './ownership.ts';
import { findRunOfEdit } from './edit.repository.ts';
import type { RunRow } from './edit.repository.ts';
import { checkState, checkStateAsync } from '../../http/job-state.ts';
import {
  transitionClipRow,
  transitionClipsOfRun,
  transitionRunRow,
} from './lifecycle.repository.ts';
import { clipPlan, editsAfterConfirm } from './clip-plan.rules.ts';
import { framingResponse, needsFramingPlan } from './clip-framing.rules.ts';
import { frameClipsJob, framingJobUnfinished } from './framing.queue-jobs.ts';
import type { ClipPlanSource } from './clip-plan.rules.ts';
import { toClipResponse } from './clips.mapper.ts';
import { findClipOfRun, listClipsOfRun } from './clips.repository.ts';
import { loadWaveform, waveformPeaks } from './clip-waveform.storage.ts';
import { deleteClipDraft, deleteDraftsOfConfirmedClips } from './clip-drafts.repository.ts';
import type { ClipRow } from './clips.repository.ts';
import { assertClipsEditable } from './job-state.rules.ts';

export const CLIP_MESSAGES = {
  instanceNotFound: 'This run of the edit does not exist. Please reload the page.',
  clipNotFound: 'This clip does not exist. Please reload the page.',
  noWaveform:
    'This clip has no waveform: its video was analysed before waveforms were kept. Start the edit again to get one.',
  nothingLeft:
    'Nothing would be left of this clip: its cut removes all of it. Keep at least one part of the clip before confirming it.',
  changed: 'This clip changed while it was being confirmed. Please reload the page and try again.',
} as const;

/** A clip whose cut (stored, or about to be) removes every part of it: nothing to render. */
const isEmptyCut = (clip: ClipPlanSource): boolean => clipPlan(clip).keptSpans.length === 0;

const quoted = (titles: readonly string[]): string => {
  const names = titles.map((t) => `"${t}"`);
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
};

/** Confirm All's refusal when some clips would be cut away whole (silent or speechless videos). */
export function nothingLeftOfClipsMessage(titles: readonly string[], total: number): string {
  if (titles.length === total) {
    return total === 1
      ? `Nothing would be left of ${quoted(titles)}: its speech gaps cover all of it, so there is no speech to keep. Edit its speech gaps to keep a part, or upload a video with speech.`
      : `Nothing would be left of these clips: their speech gaps cover all of them, so there is no speech to keep. Edit their speech gaps to keep a part, or upload a video with speech.`;
  }
  return `Confirm All cannot confirm ${quoted(titles)}: the speech gaps cover the whole clip, so nothing would be left. Edit ${titles.length === 1 ? 'its' : 'their'} speech gaps to keep a part, or confirm the other clips one by one.`;
}

export type Ids = { userId: string; jobId: string; instanceId: string };

async function loadRun(ctx: AppContext, ids: Ids): Promise<RunRow> {
  await loadOwnedEdit(ctx, ids.userId, ids.jobId);
  const instance = await findRunOfEdit(ctx.db, ids.jobId, ids.instanceId);
  if (!instance) throw notFound(CLIP_MESSAGES.instanceNotFound);
  return instance;
}

export async function loadClip(
  ctx: AppContext,
  ids: Ids & { clipId: string },
): Promise<{ instance: RunRow; clip: ClipRow }> {
  const instance = await loadRun(ctx, ids);
  const clip = await findClipOfRun(ctx.db, instance.id, ids.clipId);
  if (!clip) throw notFound(CLIP_MESSAGES.clipNotFound);
  return { instance, clip };
}

export async function listClips(ctx: AppContext, ids: Ids): Promise<Clip[]> {
  const instance = await loadRun(ctx, ids);
  return (await listClipsOfRun(ctx.db, instance.id)).map(toClipResponse);
}

export async function getClip(ctx: AppContext, ids: Ids & { clipId: string }): Promise<Clip> {
  return toClipResponse((await loadClip(ctx, ids)).clip);
}

/**
 * Confirm: from the job page ("default") the clip as it stands; from the clip screen the parts it
 * carries replace the stored ones (checked against the clip's window first). See clipSchema for
 * what each part defaults to.
 */
export async function confirmClip(
  ctx: AppContext,
  ids: Ids & { clipId: string },
  request: ConfirmClipRequest,
): Promise<Clip> {
  const { instance, clip } = await loadClip(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  // NOTE: the route parsed the body's shape; only the clip's window is left to check.
  const [outside] = confirmWindowIssues(request, { start: clip.startS, end: clip.endS });
  if (outside) throw badRequest(outside.message);
  if (!isDefaultConfirm(request) && request.phrases !== undefined) {
    // NOTE: the clip's phrases as shown and as detected: the screen edits or deletes those only.
    const refused = confirmPhrasesError(request.phrases, [
      ...clipPlan(clip).segments,
      ...clip.segments,
    ]);
    if (refused) throw badRequest(refused);
  }
  const edits = editsAfterConfirm(clip, request);
  if (isEmptyCut({ ...clip, edits })) throw badRequest(CLIP_MESSAGES.nothingLeft);
  const applied = await checkStateAsync(() =>
    // NOTE (issue 31): the confirm takes the place of the user's draft: both in one transaction.
    ctx.db.transaction(async (tx) => {
      const stored = await transitionClipRow(
        tx,
        clip,
        { type: 'confirm' },
        {
          edits,
          ...(!isDefaultConfirm(request) && request.reframe ? { reframe: request.reframe } : {}),
        },
      );
      if (stored) await deleteClipDraft(tx, clip.id);
      return stored;
    }),
  );
  if (!applied) throw conflict(CLIP_MESSAGES.changed);
  const { clip: confirmed } = await loadClip(ctx, ids);
  if (needsFramingPlan(confirmed)) await queueFraming(ctx, confirmed.autoJobInstanceId);
  return toClipResponse(confirmed);
}

/**
 * Queues the planning of the run's follow and split shorts. NOTE: best effort: without a plan the
 * preview shows the centre crop and the render finds the path itself, so a confirm never fails
 * for it.
 */
export async function queueFraming(ctx: AppContext, instanceId: string): Promise<void> {
  try {
    await ctx.queue.send(frameClipsJob, { instanceId });
  } catch (error) {
    ctx.queue.log.warn({ err: error, instanceId }, 'could not queue the framing of the clips');
  }
}

/**
 * The short's framing plan, as the preview and the render use it (404: not the user's clip), for
 * `reframe` (the clip screen's pick) or the clip's own framing. Pending queues the clip's planning
 * unless a job that plans it has not ended yet (the preview asks again while pending).
 */
export async function getClipFraming(
  ctx: AppContext,
  ids: Ids & { clipId: string },
  reframe?: ClipReframe,
): Promise<ClipFramingResponse> {
  const { clip } = await loadClip(ctx, ids);
  const answer = framingResponse(clip, reframe);
  if (answer.state === 'pending') await queueClipFraming(ctx, clip);
  return answer;
}

/** Best effort, as queueFraming: the answer stays pending and the preview asks again. */
async function queueClipFraming(ctx: AppContext, clip: ClipRow): Promise<void> {
  const ids = { instanceId: clip.autoJobInstanceId, clipId: clip.id };
  try {
    if (await framingJobUnfinished(ctx.queue, ids, needsFramingPlan(clip))) return;
    await ctx.queue.send(frameClipsJob, ids);
  } catch (error) {
    ctx.queue.log.warn({ err: error, ...ids }, 'could not queue the framing of the clip');
  }
}

/** Unconfirm keeps the stored edits, so the user picks up where they left off. */
export async function unconfirmClip(ctx: AppContext, ids: Ids & { clipId: string }): Promise<Clip> {
  const { instance, clip } = await loadClip(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  const applied = await checkStateAsync(() =>
    transitionClipRow(ctx.db, clip, { type: 'unconfirm' }),
  );
  if (!applied) throw conflict(CLIP_MESSAGES.changed);
  return getClip(ctx, ids);
}

/** Confirm All / Unconfirm All: every clip of the run, each as it stands. */
export async function setAllConfirmed(
  ctx: AppContext,
  ids: Ids,
  confirmed: boolean,
): Promise<Clip[]> {
  const instance = await loadRun(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  if (confirmed) {
    const all = await listClipsOfRun(ctx.db, instance.id);
    const empty = all.filter(isEmptyCut);
    if (empty.length > 0) {
      throw badRequest(
        nothingLeftOfClipsMessage(
          empty.map((c) => c.title),
          all.length,
        ),
      );
    }
  }
  await ctx.db.transaction(async (tx) => {
    await transitionClipsOfRun(tx, instance.id, { type: confirmed ? 'confirm' : 'unconfirm' });
    // NOTE (issue 31): a confirmed clip keeps no draft; Unconfirm All brings none back.
    if (confirmed) await deleteDraftsOfConfirmedClips(tx, instance.id);
  });
  return listClips(ctx, ids);
}

/** The clip window's loudness for the timeline, from the waveform kept at analysis. */
export async function getClipWaveform(
  ctx: AppContext,
  ids: Ids & { clipId: string },
): Promise<WaveformResponse> {
  const { clip } = await loadClip(ctx, ids);
  const track = await loadWaveform(ctx.storage, ids.jobId, clip.autoJobInstanceId);
  if (!track) throw notFound(CLIP_MESSAGES.noWaveform);
  return waveformPeaks(track, { start: clip.startS, end: clip.endS });
}

/** Continue: the run is confirmed and its render job queued. */
export async function continueRun(ctx: AppContext, ids: Ids): Promise<OkResponse> {
  await loadRun(ctx, ids);
  const confirmed = await ctx.db.transaction(async (tx) => {
    await lockEdit(tx, ids.jobId);
    const instance = await findRunOfEdit(tx, ids.jobId, ids.instanceId);
    if (!instance) throw notFound(CLIP_MESSAGES.instanceNotFound);
    const chosen = (await listClipsOfRun(tx, instance.id)).filter((c) => c.confirmed);
    // NOTE: confirm refuses these; clips confirmed before that rule still must not fail late.
    const empty = chosen.filter(isEmptyCut);
    if (empty.length > 0) {
      throw badRequest(
        nothingLeftOfClipsMessage(
          empty.map((c) => c.title),
          chosen.length,
        ),
      );
    }
    const next = await checkStateAsync(() =>
      transitionRunRow(
        tx,
        instance,
        { type: 'confirm', confirmedClipCount: chosen.length },
        ctx.now(),
        { progress: 0 },
      ),
    );
    // NOTE: the job row is locked, so only a worker could have moved it: cancelled meanwhile.
    if (!next) throw conflict(CLIP_MESSAGES.changed);
    return next;
  });
  let queueJobId: string;
  try {
    queueJobId = await ctx.queue.send(renderJob, { instanceId: ids.instanceId });
  } catch (error) {
    // NOTE: back to reviewing, so the user can press Continue again.
    await transitionRunRow(ctx.db, confirmed, { type: 'reopen' }, ctx.now());
    throw error;
  }
  await setRunQueueJob(ctx.db, confirmed, { name: renderJob.name, id: queueJobId });
  return { ok: true };
}
