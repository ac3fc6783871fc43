import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DRAW_SETTINGS, JOB_STATE_MESSAGES, toFailureReason } from '@roughcut/shared';
import { defineJob } from '../../jobs/job.ts';
import { listAssetsOfJob } from '../assets/assets.repository.ts';
import { currentVideo } from '../assets/current-video.ts';
import { deleteClipsOfInstance, insertClips } from '../clips/clips.repository.ts';
import { findTemplateById } from '../templates/templates.repository.ts';
import {
  findInstance,
  findJobById,
  setInstanceProgress,
  updateInstanceIf,
} from './autojobs.repository.ts';
import { analyseVideo } from './engine.adapter.ts';
import { InstanceStoppedError, throttledProgress, watchInstance } from './instance-watch.ts';

/**
 * Analysis of a started instance: probe, audio, transcription, phrases, gaps and clips, stored
 * as clips awaiting confirmation. Idempotent: a retry of a processing instance replaces the
 * clips of the earlier attempt; anything not pending/processing is left alone.
 */
export const analyseJob = defineJob({
  name: 'analyse-job',
  payload: z.object({ instanceId: z.string().min(1) }),
  queue: { retryLimit: 2, retryDelay: 10, expireInSeconds: 4 * 60 * 60 },
  async handle({ instanceId }, { db, storage, log, signal }) {
    const instance = await findInstance(db, instanceId);
    if (!instance) return;
    if (instance.status === 'pending') {
      const began = await updateInstanceIf(
        db,
        instanceId,
        { status: 'pending' },
        { status: 'processing', confirmed: false, progress: 0 },
        new Date(),
      );
      if (!began) return;
    } else if (instance.status !== 'processing' || instance.confirmed) {
      return;
    }
    const fail = (reason: string) =>
      updateInstanceIf(
        db,
        instanceId,
        { status: 'processing', confirmed: false },
        { status: 'failed', failureReason: reason },
        new Date(),
      );

    const found = await findJobById(db, instance.autoJobId);
    if (!found) return;
    const { job } = found;
    const video = currentVideo(await listAssetsOfJob(db, job.id));
    if (!video || video.status !== 'uploaded' || !video.storageKey) {
      await fail(JOB_STATE_MESSAGES.noVideo);
      return;
    }
    const template = job.templateId ? await findTemplateById(db, job.templateId) : undefined;
    const drawSettings = template?.settings ?? DEFAULT_DRAW_SETTINGS;

    const watch = watchInstance(db, instanceId, 'processing', signal);
    const progress = throttledProgress((f) => setInstanceProgress(db, instanceId, f));
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-analyse-'));
    try {
      const analysis = await analyseVideo({
        videoPath: storage.resolve(video.storageKey),
        workDir,
        language: job.language,
        maxWordsInPhrase: job.maxWordsInPhrase,
        steps: job.steps,
        signal: watch.signal,
        onProgress: (f) => progress.report(f),
      });
      await progress.flush();
      await db.transaction(async (tx) => {
        await deleteClipsOfInstance(tx, instanceId);
        await insertClips(
          tx,
          analysis.clips.map((clip) => ({
            autoJobId: job.id,
            autoJobInstanceId: instanceId,
            stepType: clip.stepType,
            title: clip.title,
            description: clip.description,
            engagementScore: clip.engagementScore,
            status: 'awaiting-confirmation' as const,
            confirmed: false,
            isLongForm: clip.isLongForm,
            startS: clip.start,
            endS: clip.end,
            segments: clip.segments,
            gaps: clip.gaps,
            drawSettings,
            scoreFeatures: clip.scoreFeatures,
          })),
        );
        const done = await updateInstanceIf(
          tx,
          instanceId,
          { status: 'processing', confirmed: false },
          { status: 'awaiting-confirmation', progress: 1, failureReason: null },
          new Date(),
        );
        if (!done) throw new InstanceStoppedError();
      });
    } catch (error) {
      if (watch.stoppedByUser() || error instanceof InstanceStoppedError) {
        log.info({ instanceId }, 'analysis stopped: the edit was cancelled or deleted');
        return;
      }
      // NOTE: pg-boss gave the job up (expired or the worker is stopping): let it retry.
      if (signal.aborted) throw error;
      log.warn({ err: error, instanceId }, 'analysis failed');
      await fail(toFailureReason(error));
    } finally {
      watch.stop();
      await progress.flush();
      await rm(workDir, { recursive: true, force: true });
    }
  },
});
