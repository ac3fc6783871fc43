import { z } from 'zod';
import { subtractGaps, toFailureReason } from '@roughcut/shared';
import type { Span } from '@roughcut/shared';
import type { ProbeResult } from '@roughcut/engine';
import { defineJob } from '../../jobs/job.ts';
import type { JobContext } from '../../jobs/job.ts';
import { jobAssetKey } from '../../storage/storage-keys.ts';
import {
  deleteAssets,
  editedAssetsOfClip,
  insertAsset,
  listAssetsOfJob,
} from '../assets/assets.repository.ts';
import { currentVideo } from '../assets/current-video.ts';
import { listClipsOfInstance, updateClip } from '../clips/clips.repository.ts';
import type { ClipRow } from '../clips/clips.repository.ts';
import {
  findInstance,
  findJobById,
  setInstanceProgress,
  updateInstanceIf,
} from './autojobs.repository.ts';
import type { AutoJobRow } from './autojobs.repository.ts';
import { probeForRender, renderClip } from './engine.adapter.ts';
import { InstanceStoppedError, throttledProgress, watchInstance } from './instance-watch.ts';

/** What a confirmed clip renders: its window minus the confirmed cut (no cut: the whole window). */
export function keptSpansOf(clip: Pick<ClipRow, 'startS' | 'endS' | 'confirm'>): Span[] {
  return subtractGaps([{ start: clip.startS, end: clip.endS }], clip.confirm?.cut ?? []);
}

const clockTime = (seconds: number): string => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};

/**
 * The edited video's file name. NOTE: a long form and a short clip can share a title (both are
 * drawn from the same transcript), so the name also says which one it is and where a clip starts.
 */
export const editedVideoName = (
  jobName: string,
  clip: { title: string; isLongForm: boolean; startS: number },
): string =>
  `${jobName} - ${clip.title} (${clip.isLongForm ? 'long form' : `clip at ${clockTime(clip.startS)}`}).mp4`;

const spanLength = (spans: readonly Span[]): number =>
  spans.reduce((sum, s) => sum + (s.end - s.start), 0);

/**
 * Final processing after Continue: renders every confirmed clip into an edited_video asset, then
 * the instance is finished. Idempotent: clips already rendered (finished with their asset) are
 * skipped on a retry, and a clip's earlier partial asset is replaced, never duplicated.
 */
export const renderJob = defineJob({
  name: 'render-job',
  payload: z.object({ instanceId: z.string().min(1) }),
  queue: { retryLimit: 2, retryDelay: 10, expireInSeconds: 6 * 60 * 60 },
  async handle({ instanceId }, context) {
    const { db, log, signal } = context;
    const instance = await findInstance(db, instanceId);
    if (!instance || !instance.confirmed) return;
    if (instance.status === 'awaiting-confirmation') {
      const began = await updateInstanceIf(
        db,
        instanceId,
        { status: 'awaiting-confirmation', confirmed: true },
        { status: 'processing', progress: 0 },
        new Date(),
      );
      if (!began) return;
    } else if (instance.status !== 'processing') {
      return;
    }
    const found = await findJobById(db, instance.autoJobId);
    if (!found) return;
    const video = currentVideo(await listAssetsOfJob(db, found.job.id));
    const clips = (await listClipsOfInstance(db, instanceId)).filter((c) => c.confirmed);
    const watch = watchInstance(db, instanceId, 'processing', signal);
    const progress = throttledProgress((f) => setInstanceProgress(db, instanceId, f));
    let current: ClipRow | undefined;
    try {
      if (!video?.storageKey || video.status !== 'uploaded')
        throw new RenderError('The uploaded video is missing. Please upload it again and restart.');
      const videoPath = context.storage.resolve(video.storageKey);
      const probe = await probeForRender(videoPath, watch.signal);
      const total = Math.max(
        1e-6,
        clips.reduce((sum, c) => sum + spanLength(keptSpansOf(c)), 0),
      );
      let done = 0;
      for (const clip of clips) {
        current = clip;
        const length = spanLength(keptSpansOf(clip));
        if (!(await alreadyRendered(context, clip))) {
          await renderOne(
            context,
            found.job,
            instanceId,
            clip,
            { videoPath, probe },
            watch.signal,
            (f) => progress.report((done + f * length) / total),
          );
        }
        done += length;
        progress.report(done / total);
      }
      current = undefined;
      await progress.flush();
      const finished = await updateInstanceIf(
        db,
        instanceId,
        { status: 'processing', confirmed: true },
        { status: 'finished', progress: 1, failureReason: null },
        new Date(),
      );
      if (!finished) throw new InstanceStoppedError();
    } catch (error) {
      if (watch.stoppedByUser() || error instanceof InstanceStoppedError) {
        log.info({ instanceId }, 'render stopped: the edit was cancelled or deleted');
        return;
      }
      if (signal.aborted) throw error;
      log.warn({ err: error, instanceId, clipId: current?.id }, 'render failed');
      const reason = toFailureReason(error);
      if (current) await updateClip(db, current.id, { status: 'failed', failureReason: reason });
      await updateInstanceIf(
        db,
        instanceId,
        { status: 'processing', confirmed: true },
        { status: 'failed', failureReason: reason },
        new Date(),
      );
    } finally {
      watch.stop();
      await progress.flush();
    }
  },
});

/** A user-facing render failure (shown as the failure_reason as it is). */
class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

async function alreadyRendered(context: JobContext, clip: ClipRow): Promise<boolean> {
  if (clip.status !== 'finished') return false;
  const existing = await editedAssetsOfClip(context.db, clip.id);
  for (const asset of existing) {
    if (asset.status === 'uploaded' && asset.storageKey) {
      if (await context.storage.exists(asset.storageKey)) return true;
    }
  }
  return false;
}

async function renderOne(
  context: JobContext,
  job: AutoJobRow,
  instanceId: string,
  clip: ClipRow,
  source: { videoPath: string; probe: ProbeResult },
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const { db, storage } = context;
  await updateClip(db, clip.id, { status: 'processing', failureReason: null });
  const temp = await storage.createTempFile('.mp4');
  try {
    await renderClip({
      ...source,
      outPath: temp.path,
      clip: {
        title: clip.title,
        description: clip.description,
        engagementScore: clip.engagementScore,
        isLongForm: clip.isLongForm,
        start: clip.startS,
        end: clip.endS,
        segments: clip.segments,
      },
      removeGaps: clip.confirm?.cut ?? [],
      subtitles: clip.confirm?.subtitle ?? null,
      signal,
      onProgress,
    });
    // NOTE: a retry replaces what an earlier attempt stored for this clip.
    const previous = await editedAssetsOfClip(db, clip.id);
    const assetId = crypto.randomUUID();
    const name = editedVideoName(job.name, clip);
    const key = jobAssetKey(job.id, assetId, name);
    await temp.commit(key);
    const size = (await storage.stat(key))?.size ?? 0;
    await db.transaction(async (tx) => {
      await deleteAssets(
        tx,
        previous.map((a) => a.id),
      );
      await insertAsset(tx, {
        id: assetId,
        autoJobId: job.id,
        jobInstanceId: instanceId,
        clipId: clip.id,
        name,
        assetType: 'edited_video',
        size,
        uploadedAmount: size,
        status: 'uploaded',
        storageKey: key,
      });
      await updateClip(tx, clip.id, { status: 'finished', failureReason: null });
    });
    for (const old of previous) if (old.storageKey) await storage.delete(old.storageKey);
  } finally {
    await temp.discard();
  }
}
