import type { Clip, ConfirmClipRequest, OkResponse } from '@roughcut/shared';
import { assertClipsEditable, isDefaultConfirm, transitionInstance } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { findInstanceOfJob, lockJob, updateInstanceIf } from '../autojobs/autojobs.repository.ts';
import type { JobInstanceRow } from '../autojobs/autojobs.repository.ts';
import { loadOwnedJob } from '../autojobs/autojobs.service.ts';
import { checkState } from '../autojobs/job-state.http.ts';
import { renderJob } from '../autojobs/render.job.ts';
import type { ClipConfirm } from './clips.schema.ts';
import { toClipResponse } from './clips.mapper.ts';
import { findClipOfInstance, listClipsOfInstance, updateClip } from './clips.repository.ts';
import type { ClipRow } from './clips.repository.ts';

export const CLIP_MESSAGES = {
  instanceNotFound: 'This run of the edit does not exist. Please reload the page.',
  clipNotFound: 'This clip does not exist. Please reload the page.',
} as const;

type Ids = { userId: string; jobId: string; instanceId: string };

async function loadInstance(ctx: AppContext, ids: Ids): Promise<JobInstanceRow> {
  await loadOwnedJob(ctx, ids.userId, ids.jobId);
  const instance = await findInstanceOfJob(ctx.db, ids.jobId, ids.instanceId);
  if (!instance) throw notFound(CLIP_MESSAGES.instanceNotFound);
  return instance;
}

async function loadClip(
  ctx: AppContext,
  ids: Ids & { clipId: string },
): Promise<{ instance: JobInstanceRow; clip: ClipRow }> {
  const instance = await loadInstance(ctx, ids);
  const clip = await findClipOfInstance(ctx.db, instance.id, ids.clipId);
  if (!clip) throw notFound(CLIP_MESSAGES.clipNotFound);
  return { instance, clip };
}

export async function listClips(ctx: AppContext, ids: Ids): Promise<Clip[]> {
  const instance = await loadInstance(ctx, ids);
  return (await listClipsOfInstance(ctx.db, instance.id)).map(toClipResponse);
}

export async function getClip(ctx: AppContext, ids: Ids & { clipId: string }): Promise<Clip> {
  return toClipResponse((await loadClip(ctx, ids)).clip);
}

/**
 * What a confirm stores. From the job page ("default"): cut every detected gap and, for short
 * clips, subtitles in the clip's own settings (long form gets subtitles only when the clip screen
 * confirms settings). From the clip screen: exactly what was confirmed.
 */
export function resolveConfirm(clip: ClipRow, request: ConfirmClipRequest): ClipConfirm {
  if (isDefaultConfirm(request)) {
    return clip.isLongForm ? { cut: clip.gaps } : { cut: clip.gaps, subtitle: clip.drawSettings };
  }
  return {
    ...(request.cut !== undefined ? { cut: request.cut } : {}),
    ...(request.subtitle !== undefined ? { subtitle: request.subtitle } : {}),
  };
}

export async function confirmClip(
  ctx: AppContext,
  ids: Ids & { clipId: string },
  request: ConfirmClipRequest,
): Promise<Clip> {
  const { instance, clip } = await loadClip(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  const confirm = resolveConfirm(clip, request);
  await updateClip(ctx.db, clip.id, {
    confirmed: true,
    confirm,
    ...(confirm.subtitle ? { drawSettings: confirm.subtitle } : {}),
  });
  return getClip(ctx, ids);
}

export async function unconfirmClip(ctx: AppContext, ids: Ids & { clipId: string }): Promise<Clip> {
  const { instance, clip } = await loadClip(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  await updateClip(ctx.db, clip.id, { confirmed: false, confirm: null });
  return getClip(ctx, ids);
}

/** Confirm All / Unconfirm All: every clip of the instance (confirm as from the job page). */
export async function setAllConfirmed(
  ctx: AppContext,
  ids: Ids,
  confirmed: boolean,
): Promise<Clip[]> {
  const instance = await loadInstance(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  const clips = await listClipsOfInstance(ctx.db, instance.id);
  await ctx.db.transaction(async (tx) => {
    for (const clip of clips) {
      if (confirmed) {
        if (clip.confirmed) continue;
        const confirm = resolveConfirm(clip, { cut: 'default', subtitle: 'default' });
        await updateClip(tx, clip.id, { confirmed: true, confirm });
      } else {
        await updateClip(tx, clip.id, { confirmed: false, confirm: null });
      }
    }
  });
  return listClips(ctx, ids);
}

/** Continue: the instance is confirmed and its render job queued. */
export async function continueInstance(ctx: AppContext, ids: Ids): Promise<OkResponse> {
  await loadInstance(ctx, ids);
  await ctx.db.transaction(async (tx) => {
    await lockJob(tx, ids.jobId);
    const instance = await findInstanceOfJob(tx, ids.jobId, ids.instanceId);
    if (!instance) throw notFound(CLIP_MESSAGES.instanceNotFound);
    const clips = await listClipsOfInstance(tx, instance.id);
    const next = checkState(() =>
      transitionInstance(instance, {
        type: 'confirm',
        confirmedClipCount: clips.filter((c) => c.confirmed).length,
      }),
    );
    await updateInstanceIf(
      tx,
      instance.id,
      { status: instance.status, confirmed: false },
      { status: next.status, confirmed: next.confirmed, progress: 0 },
      ctx.now(),
    );
  });
  let queueJobId: string;
  try {
    queueJobId = await ctx.queue.send(renderJob, { instanceId: ids.instanceId });
  } catch (error) {
    // NOTE: back to reviewing, so the user can press Continue again.
    await updateInstanceIf(
      ctx.db,
      ids.instanceId,
      { status: 'awaiting-confirmation', confirmed: true },
      { confirmed: false },
      ctx.now(),
    );
    throw error;
  }
  await updateInstanceIf(
    ctx.db,
    ids.instanceId,
    { status: 'awaiting-confirmation', confirmed: true },
    { queueJobName: renderJob.name, queueJobId },
    ctx.now(),
  );
  return { ok: true };
}
