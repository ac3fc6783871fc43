import type {
  AutoJob,
  CreateAutoJobRequest,
  StepListResponse,
  StepType,
  UpdateAutoJobRequest,
} from '@roughcut/shared';
import { canTransition } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { jobPrefix } from '../../storage/storage-keys.ts';
import { findCurrentVideo } from '../assets/index.ts';
import { assertCanStartEdit } from '../billing/index.ts';
import { analyseJob } from './run.queue-jobs.ts';
import { toEditResponse } from './edit.mapper.ts';
import { findEditSummaryOfUser, listEditSummariesOfUser } from './edit-poll.repository.ts';
import {
  deleteEdit,
  insertRun,
  insertEdit,
  runsOfEdit,
  lockEdit,
  setRunQueueJob,
  updateEdit,
} from './edit.repository.ts';
import { QUEUE_FAILED_REASON } from './failure-reasons.ts';
import { checkState, checkStateAsync } from '../../http/job-state.ts';
import { transitionRunRow } from './lifecycle.repository.ts';
import { EDIT_NOT_FOUND_MESSAGE, loadOwnedEdit } from './ownership.ts';
import { ownsTemplate } from '../templates/index.ts';
import { startInstance } from './job-state.rules.ts';

export const EDIT_MESSAGES = {
  notFound: EDIT_NOT_FOUND_MESSAGE,
  templateNotFound: 'This template does not exist. Please choose another style.',
  stepExists: 'This edit already has that step.',
  stepMissing: 'This edit does not have that step.',
} as const;

export async function listEdits(ctx: AppContext, userId: string): Promise<AutoJob[]> {
  const now = ctx.now();
  return (await listEditSummariesOfUser(ctx.db, userId)).map((edit) => toEditResponse(edit, now));
}

export async function getEdit(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  const found = await findEditSummaryOfUser(ctx.db, userId, jobId);
  if (!found) throw notFound(EDIT_MESSAGES.notFound);
  return toEditResponse(found, ctx.now());
}

export async function createEdit(
  ctx: AppContext,
  userId: string,
  input: CreateAutoJobRequest,
): Promise<AutoJob> {
  const job = await insertEdit(ctx.db, { userId, ...input, now: ctx.now() });
  return toEditResponse({ job, instance: null });
}

export async function updateEditSettings(
  ctx: AppContext,
  userId: string,
  jobId: string,
  input: UpdateAutoJobRequest,
): Promise<AutoJob> {
  await loadOwnedEdit(ctx, userId, jobId);
  if (input.template_id !== undefined && input.template_id !== null) {
    if (!(await ownsTemplate(ctx, userId, input.template_id))) {
      throw notFound(EDIT_MESSAGES.templateNotFound);
    }
  }
  await updateEdit(
    ctx.db,
    jobId,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.template_id !== undefined ? { templateId: input.template_id } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.max_words_in_phrase !== undefined
        ? { maxWordsInPhrase: input.max_words_in_phrase }
        : {}),
      ...(input.remove_fillers !== undefined ? { removeFillers: input.remove_fillers } : {}),
      ...(input.reframe !== undefined ? { reframe: input.reframe } : {}),
    },
    ctx.now(),
  );
  return getEdit(ctx, userId, jobId);
}

export async function getSteps(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<StepListResponse> {
  const { job } = await loadOwnedEdit(ctx, userId, jobId);
  return job.steps.map((step_type) => ({ step_type }));
}

export async function addStep(
  ctx: AppContext,
  userId: string,
  jobId: string,
  stepType: StepType,
): Promise<AutoJob> {
  const { job } = await loadOwnedEdit(ctx, userId, jobId);
  if (job.steps.includes(stepType)) throw conflict(EDIT_MESSAGES.stepExists);
  await updateEdit(ctx.db, jobId, { steps: [...job.steps, stepType] }, ctx.now());
  return getEdit(ctx, userId, jobId);
}

export async function deleteStep(
  ctx: AppContext,
  userId: string,
  jobId: string,
  stepType: StepType,
): Promise<AutoJob> {
  const { job } = await loadOwnedEdit(ctx, userId, jobId);
  if (!job.steps.includes(stepType)) throw badRequest(EDIT_MESSAGES.stepMissing);
  await updateEdit(ctx.db, jobId, { steps: job.steps.filter((s) => s !== stepType) }, ctx.now());
  return getEdit(ctx, userId, jobId);
}

/**
 * Start (or restart): a new pending run and an analyse job for it. The run pins the
 * video it will edit, with the probe stored at upload, so no later stage chooses or probes again.
 */
export async function startEdit(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  const instance = await ctx.db.transaction(async (tx) => {
    await lockEdit(tx, jobId);
    const { job, instance: latest } = await loadOwnedEdit(ctx, userId, jobId, tx);
    const video = await findCurrentVideo(tx, jobId);
    const initial = checkState(() =>
      startInstance({
        status: latest?.status ?? 'created',
        stepCount: job.steps.length,
        video: video && { status: video.status, failure_reason: video.failureReason },
      }),
    );
    if (!video) throw new Error('startInstance accepted a job without a video');
    await assertCanStartEdit(ctx, userId, tx);
    const now = ctx.now();
    const created = await insertRun(tx, {
      autoJobId: jobId,
      ...initial,
      videoAssetId: video.id,
      videoProbe: video.probe,
      now,
    });
    await updateEdit(tx, jobId, { latestJobInstanceId: created.id }, now);
    return created;
  });
  try {
    const queueJobId = await ctx.queue.send(analyseJob, { instanceId: instance.id });
    await setRunQueueJob(ctx.db, instance, { name: analyseJob.name, id: queueJobId });
  } catch (error) {
    await transitionRunRow(
      ctx.db,
      instance,
      { type: 'fail', reason: QUEUE_FAILED_REASON },
      ctx.now(),
    );
    throw error;
  }
  return getEdit(ctx, userId, jobId);
}

/** Cancel: the run becomes cancelled at once; its worker notices and stops its ffmpeg. */
export async function cancelEdit(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  for (;;) {
    const { instance } = await loadOwnedEdit(ctx, userId, jobId);
    const from = instance ?? { id: '', status: 'created' as const, confirmed: false };
    // NOTE: the table refuses created and cancelled with its own message.
    const applied = await checkStateAsync(() =>
      transitionRunRow(ctx.db, from, { type: 'cancel' }, ctx.now()),
    );
    if (!applied || !instance) continue; // NOTE: a worker moved it meanwhile: cancel what it is now
    await stopQueueJob(ctx, instance.queueJobName, instance.queueJobId);
    return getEdit(ctx, userId, jobId);
  }
}

async function stopQueueJob(
  ctx: AppContext,
  name: string | null,
  id: string | null,
): Promise<void> {
  if (!name || !id) return;
  try {
    await ctx.queue.cancel(name, id);
  } catch (error) {
    // NOTE: the worker also watches the run status, so a failed cancel still stops it.
    ctx.queue.log.warn({ err: error, name, id }, 'could not cancel a queued job');
  }
}

/** Deletes the job: stops its work, removes its rows and every stored file. */
export async function deleteEditEntirely(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<void> {
  await loadOwnedEdit(ctx, userId, jobId);
  const instances = await runsOfEdit(ctx.db, jobId);
  for (const instance of instances) {
    if (!canTransition(instance, { type: 'cancel' })) continue;
    // NOTE: a lost race leaves a row about to be deleted anyway; the worker's watch sees it gone.
    await transitionRunRow(ctx.db, instance, { type: 'cancel' }, ctx.now());
    await stopQueueJob(ctx, instance.queueJobName, instance.queueJobId);
  }
  await deleteEdit(ctx.db, jobId);
  await ctx.storage.deletePrefix(jobPrefix(jobId));
}
