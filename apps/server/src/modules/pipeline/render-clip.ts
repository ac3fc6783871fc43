// One confirmed clip rendered into its edited_video asset, in an order that a crash at any point
// leaves either the earlier result or the new one, never both and never a file without its row.
import { stat } from 'node:fs/promises';
import type { ProbeResult } from '../../engine-adapter/engine-basics.adapter.ts';
import type { JobContext } from '../../jobs/job.ts';
import { fileNamePart, jobAssetKey } from '../../storage/storage-keys.ts';
import { deleteAssets, editedAssetsOfClip, insertAsset, updateAsset } from '../assets/index.ts';
import type { EditRow, ClipPlan, ClipRow } from '../edit/index.ts';
import { renderClip } from '../../engine-adapter/engine.adapter.ts';
import { runPort } from '../edit/index.ts';

/** The burned subtitle script is kept beside its video, under the video's key plus `.ass`. */
export const subtitlesKeyOf = (videoKey: string): string => `${videoKey}.ass`;

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
  `${fileNamePart(jobName)} - ${fileNamePart(clip.title)} (${clip.isLongForm ? 'long form' : `clip at ${clockTime(clip.startS)}`}).mp4`;

/** A clip rendered by an earlier try: finished, with its stored file. */
export async function alreadyRendered(context: JobContext, clip: ClipRow): Promise<boolean> {
  if (clip.status !== 'finished') return false;
  for (const asset of await editedAssetsOfClip(context.db, clip.id)) {
    if (asset.status === 'uploaded' && asset.storageKey) {
      if (await context.storage.exists(asset.storageKey)) return true;
    }
  }
  return false;
}

export type RenderSource = { videoPath: string; probe: ProbeResult };

/**
 * Renders the clip's plan (made once by the render job), then: (1) its new asset row is written, not yet uploaded; (2) the file is
 * moved into place; (3) files of earlier tries are deleted; (4) one transaction drops their rows,
 * marks the new asset uploaded and the clip finished. A retry after a crash anywhere deletes
 * whatever an earlier try left for the clip (rows and files) and renders it again.
 */
export async function renderOneClip(
  context: JobContext,
  job: EditRow,
  clip: ClipRow,
  plan: ClipPlan,
  source: RenderSource,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const { db, storage } = context;
  const began = await runPort.clipRenderBegan(db, clip);
  if (!began) throw new Error(`clip ${clip.id} changed before its render began`);
  const temp = await storage.createTempFile('.mp4');
  const script = await storage.createTempFile('.ass');
  // NOTE: what this try stored, removed again when it fails (a crash leaves it to the next try).
  let stored: { assetId: string; key: string } | undefined;
  try {
    await renderClip({
      ...source,
      outPath: temp.path,
      plan,
      reframe: plan.reframe,
      framing: plan.framing,
      ...(plan.subtitles ? { subtitlesOutPath: script.path } : {}),
      signal,
      onProgress,
    });
    const previous = await editedAssetsOfClip(db, clip.id);
    const assetId = crypto.randomUUID();
    const name = editedVideoName(job.name, clip);
    const key = jobAssetKey(job.id, assetId, name);
    await insertAsset(db, {
      id: assetId,
      autoJobId: job.id,
      jobInstanceId: clip.autoJobInstanceId,
      clipId: clip.id,
      name,
      assetType: 'edited_video',
      size: 0,
      uploadedAmount: 0,
      status: 'uploading',
      storageKey: key,
    });
    stored = { assetId, key };
    await temp.commit(key);
    // NOTE: kept only when the engine wrote one (it writes none when nothing was burned).
    if (plan.subtitles && (await stat(script.path).catch(() => null))) {
      await script.commit(subtitlesKeyOf(key));
    }
    for (const old of previous) {
      if (!old.storageKey) continue;
      await storage.delete(old.storageKey);
      await storage.delete(subtitlesKeyOf(old.storageKey));
    }
    const size = (await storage.stat(key))?.size ?? 0;
    await db.transaction(async (tx) => {
      await deleteAssets(
        tx,
        previous.map((a) => a.id),
      );
      await updateAsset(tx, assetId, { size, uploadedAmount: size, status: 'uploaded' });
      const done = await runPort.clipRendered(tx, clip.id);
      if (!done) throw new Error(`clip ${clip.id} changed while it was rendered`);
    });
  } catch (error) {
    if (stored) await discardStored(context, stored);
    throw error;
  } finally {
    await temp.discard();
    await script.discard();
  }
}

/**
 * A failed try's own asset row and files, so the job page never lists a video that will not
 * come; best effort, since a retry deletes whatever is left anyway.
 */
async function discardStored(
  { db, storage }: JobContext,
  stored: { assetId: string; key: string },
): Promise<void> {
  await Promise.allSettled([
    storage.delete(stored.key),
    storage.delete(subtitlesKeyOf(stored.key)),
    deleteAssets(db, [stored.assetId]),
  ]);
}
