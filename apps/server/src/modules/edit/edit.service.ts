import type {
  AutoJob,
  CreateAutoJobRequest,
  StepListResponse,
  StepType,
  UpdateAutoJobRequest,
} from '@roughcut/shared';
import { canTransition, startInstance } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { jobPrefix } from '../../storage/storage-keys.ts';
import { findCurrentVideo } from '../assets/index.ts';
import { assertCanStartEdit } from '../billing/index.ts';
import { analyseJob } from './run.queue-jobs.ts';
import { toJobResponse } from './edit.mapper.ts';
import { findJobSummaryOfUser, listJobSummariesOfUser } from './edit-poll.repository.ts';
import {
  deleteJob,
  insertInstance,
  insertJob,
  instancesOfJob,
  lockJob,
  setInstanceQueueJob,
  updateJob,
} from './edit.repository.ts';
import { QUEUE_FAILED_REASON } from './failure-reasons.ts';
import { checkState, checkStateAsync } from '../../http/job-state.ts';
import { transitionInstanceRow } from './lifecycle.repository.ts';
import { JOB_NOT_FOUND_MESSAGE, loadOwnedJob } from './ownership.ts';
import { ownsTemplate } from '../templates/index.ts';

export const AUTOJOB_MESSAGES = {
  notFound: JOB_NOT_FOUND_MESSAGE,
  templateNotFound: 'This template does not exist. Please choose another style.',
  stepExists: 'This edit already has that step.',
  stepMissing: 'This edit does not have that step.',
} as const;

export async function listJobs(ctx: AppContext, userId: string): Promise<AutoJob[]> {
  return (await listJobSummariesOfUser(ctx.db, userId)).map(toJobResponse);
}

export async function getJob(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  const found = await findJobSummaryOfUser(ctx.db, userId, jobId);
  if (!found) throw notFound(AUTOJOB_MESSAGES.notFound);
  return toJobResponse(found);
}

export async function createJob(
  ctx: AppContext,
  userId: string,
  input: CreateAutoJobRequest,
): Promise<AutoJob> {
  const job = await insertJob(ctx.db, { userId, ...input, now: ctx.now() });
  return toJobResponse({ job, instance: null });
}

export async function updateJobSettings(
  ctx: AppContext,
  userId: string,
  jobId: string,
  input: UpdateAutoJobRequest,
): Promise<AutoJob> {
  await loadOwnedJob(ctx, userId, jobId);
  if (input.template_id !== undefined && input.template_id !== null) {
    if (!(await ownsTemplate(ctx, userId, input.template_id))) {
      throw notFound(AUTOJOB_MESSAGES.templateNotFound);
    }
  }
  await updateJob(
    ctx.db,
    jobId,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.template_id !== undefined ? { templateId: input.template_id } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.max_words_in_phrase !== undefined
        ? { maxWordsInPhrase: input.max_words_in_phrase }
        : {}),
    },
    ctx.now(),
  );
  return getJob(ctx, userId, jobId);
}

export async function getSteps(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<StepListResponse> {
  const { job } = await loadOwnedJob(ctx, userId, jobId);
  return job.steps.map((step_type) => ({ step_type }));
}

export async function addStep(
  ctx: AppContext,
  userId: string,
  jobId: string,
  stepType: StepType,
): Promise<AutoJob> {
  const { job } = await loadOwnedJob(ctx, userId, jobId);
  if (job.steps.includes(stepType)) throw conflict(AUTOJOB_MESSAGES.stepExists);
  await updateJob(ctx.db, jobId, { steps: [...job.steps, stepType] }, ctx.now());
  return getJob(ctx, userId, jobId);
}

export async function deleteStep(
  ctx: AppContext,
  userId: string,
  jobId: string,
  stepType: StepType,
): Promise<AutoJob> {
  const { job } = await loadOwnedJob(ctx, userId, jobId);
  if (!job.steps.includes(stepType)) throw badRequest(AUTOJOB_MESSAGES.stepMissing);
  await updateJob(ctx.db, jobId, { steps: job.steps.filter((s) => s !== stepType) }, ctx.now());
  return getJob(ctx, userId, jobId);
}

/**
 * Start (or restart): a new pending instance and an analyse job for it. The instance pins the
 * video it will edit, with the probe stored at upload, so no later stage chooses or probes again.
 */
export async function startJob(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  const instance = await ctx.db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const { job, instance: latest } = await loadOwnedJob(ctx, userId, jobId, tx);
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
    const created = await insertInstance(tx, {
      autoJobId: jobId,
      ...initial,
      videoAssetId: video.id,
      videoProbe: video.probe,
      now,
    });
    await updateJob(tx, jobId, { latestJobInstanceId: created.id }, now);
    return created;
  });
  try {
    const queueJobId = await ctx.queue.send(analyseJob, { instanceId: instance.id });
    await setInstanceQueueJob(ctx.db, instance, { name: analyseJob.name, id: queueJobId });
  } catch (error) {
    await transitionInstanceRow(
      ctx.db,
      instance,
      { type: 'fail', reason: QUEUE_FAILED_REASON },
      ctx.now(),
    );
    throw error;
  }
  return getJob(ctx, userId, jobId);
}

/** Cancel: the instance becomes cancelled at once; its worker notices and stops its ffmpeg. */
export async function cancelJob(ctx: AppContext, userId: string, jobId: string): Promise<AutoJob> {
  for (;;) {
    const { instance } = await loadOwnedJob(ctx, userId, jobId);
    const from = instance ?? { id: '', status: 'created' as const, confirmed: false };
    // NOTE: the table refuses created and cancelled with its own message.
    const applied = await checkStateAsync(() =>
      transitionInstanceRow(ctx.db, from, { type: 'cancel' }, ctx.now()),
    );
    if (!applied || !instance) continue; // NOTE: a worker moved it meanwhile: cancel what it is now
    await stopQueueJob(ctx, instance.queueJobName, instance.queueJobId);
    return getJob(ctx, userId, jobId);
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
    // NOTE: the worker also watches the instance status, so a failed cancel still stops it.
    ctx.queue.log.warn({ err: error, name, id }, 'could not cancel a queued job');
  }
}

/** Deletes the job: stops its work, removes its rows and every stored file. */
export async function deleteJobEntirely(
  ctx: AppContext,
  userId: string,
  jobId: string,
): Promise<void> {
  await loadOwnedJob(ctx, userId, jobId);
  const instances = await instancesOfJob(ctx.db, jobId);
  for (const instance of instances) {
    if (!canTransition(instance, { type: 'cancel' })) continue;
    // NOTE: a lost race leaves a row about to be deleted anyway; the worker's watch sees it gone.
    await transitionInstanceRow(ctx.db, instance, { type: 'cancel' }, ctx.now());
    await stopQueueJob(ctx, instance.queueJobName, instance.queueJobId);
  }
  await deleteJob(ctx.db, jobId);
  await ctx.storage.deletePrefix(jobPrefix(jobId));
}
