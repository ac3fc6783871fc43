// Exports of an edit and of each clip: the clip's plan (its window, the gaps the user cut and the
// phrases as they edited them) written by the engine as an editor timeline or a transcript timed on
// the cut video. Each is made once per confirmed state in an export thread (exports.threads.ts),
// kept in storage (exports.cache.ts) and answered as the stored file.
import { EXPORT_FILE_TYPES } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../errors/http-error.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isZipExport } from '../../engine-adapter/exports.adapter.ts';
import { fileNamePart } from '../../storage/storage-keys.ts';
import { findAssetOfEdit, findCurrentVideo } from '../assets/index.ts';
import { assertCanStartEdit } from '../billing/index.ts';
import { chargeEditOnce } from './delivery.ts';
import { findRunOfEdit } from './edit.repository.ts';
import type { EditRow, RunRow } from './edit.repository.ts';
import { dropStaleExports, exportKey, exportStateOf, openStoredExport } from './exports.cache.ts';
import type { ExportOptions, ExportSource, OpenedExport } from './exports.cache.ts';
import { findExportClip, listClipIdsOfRun, loadExportClipBody } from './exports.repository.ts';
import type { ExportClipHead } from './exports.repository.ts';
import { EXPORT_LIMIT_MESSAGES, RetryLaterError, createExportSlots } from './exports.slots.ts';
import type { ExportSlots } from './exports.slots.ts';
import {
  DEFAULT_EXPORT_THREADS,
  ExportThreadError,
  createExportThreads,
} from './exports.threads.ts';
import type { ExportThreads, ExportThreadsOptions } from './exports.threads.ts';
import { loadOwnedEdit } from './ownership.ts';

export const EXPORT_MESSAGES = {
  notAnalysed: 'This edit has nothing to export yet: its video has not been analysed.',
  noLongForm:
    'This edit has no long form to export. Export a clip from its own menu, or start the edit again with the long form step.',
  runNotFound: 'This run of the edit does not exist. Please reload the page.',
  clipNotFound: 'This clip does not exist. Please reload the page.',
  videoGone:
    'The video this edit was made from is no longer there, so an export would point at nothing.',
  nothingKept:
    'Nothing is left of this clip: its cut removes all of it. Keep at least one part to export it.',
  tooLarge:
    'This export is too large to make: it needed more time or memory than one export may use. Export a shorter clip, or one with fewer cuts.',
  stopping: 'The server is restarting. Please export again in a moment.',
  changed: 'This clip changed while it was being exported. Please export it again.',
} as const;

/** How long a client is asked to wait when every export thread has a queue. */
const BUSY_RETRY_AFTER_S = 60;

/** The upload an export links to: its storage key (none when it is gone) and its name. */
export type ExportVideo = { key: string | null; name: string };

export type ExportFile = OpenedExport & { fileName: string; mimeType: string; video: ExportVideo };

/** One app's export threads, per-user slots and the exports being made (by key). */
export type ExportsRuntime = {
  threads: ExportThreads;
  slots: ExportSlots;
  building: Map<string, Promise<string>>;
};

export function createExportsRuntime(options: Partial<ExportThreadsOptions> = {}): ExportsRuntime {
  return {
    threads: createExportThreads({ ...DEFAULT_EXPORT_THREADS, ...options }),
    slots: createExportSlots(),
    building: new Map(),
  };
}

/** The run's source: its pinned video's file name and probe (the upload's, or the analysis's). */
async function sourceOf(
  ctx: AppContext,
  run: RunRow,
): Promise<ExportSource & { video: ExportVideo }> {
  const asset =
    run.videoAssetId === null
      ? await findCurrentVideo(ctx.db, run.autoJobId)
      : await findAssetOfEdit(ctx.db, run.autoJobId, run.videoAssetId);
  const probe = run.videoProbe ?? asset?.probe;
  if (!asset || !probe) throw conflict(EXPORT_MESSAGES.videoGone);
  return {
    fileName: asset.name,
    video: { key: asset.storageKey, name: asset.name },
    probe: {
      durationS: probe.durationS,
      fps: probe.fps,
      variableFrameRate: probe.variableFrameRate,
      displayWidth: probe.displayWidth,
      displayHeight: probe.displayHeight,
      audioSampleRate: probe.audioSampleRate,
      audioChannels: probe.audioChannels,
      ...(probe.timecode ? { timecode: probe.timecode } : {}),
    },
  };
}

const fileNameOf = (job: EditRow, clip: ExportClipHead, extension: string): string =>
  `${fileNamePart(job.name)} - ${fileNamePart(clip.title)} (${clip.isLongForm ? 'long form' : 'clip'}).${extension}`;

/** An EDL of more than 999 events is stored as a zip of EDLs: it is named and served as one. */
async function isZipped(file: OpenedExport): Promise<boolean> {
  const head = Buffer.alloc(4);
  const { bytesRead } = await file.handle.read(head, 0, head.length, 0);
  return isZipExport(head.subarray(0, bytesRead));
}

function threadRefusal(error: unknown): never {
  if (!(error instanceof ExportThreadError)) throw error;
  switch (error.kind) {
    case 'busy':
      throw new RetryLaterError(503, EXPORT_LIMIT_MESSAGES.busy, BUSY_RETRY_AFTER_S);
    case 'timeout':
    case 'memory':
      throw new HttpError(503, EXPORT_MESSAGES.tooLarge);
    case 'closed':
      throw new HttpError(503, EXPORT_MESSAGES.stopping);
    case 'failed':
      throw error;
  }
}

/** Writes the clip's export in a thread from its state as read then; returns the key it is kept at. */
async function buildExport(
  ctx: AppContext,
  rt: ExportsRuntime,
  ids: { jobId: string; clipId: string },
  source: ExportSource,
  format: ExportFormat,
  options: ExportOptions,
): Promise<string> {
  const temp = await ctx.storage.createTempFile(`.${EXPORT_FILE_TYPES[format].extension}`);
  try {
    let key = '';
    const result = await rt.threads
      .run(async () => {
        // NOTE: read when a thread is free, so an export waiting for one holds no clip data.
        const body = await loadExportClipBody(ctx.db, ids.clipId);
        if (!body) throw notFound(EXPORT_MESSAGES.clipNotFound);
        key = exportKey(ids, exportStateOf(body, source, options), format);
        const { startS, endS, isLongForm, removeFillers, segments, gaps, drawSettings, edits } =
          body;
        return {
          format,
          title: body.title,
          fileName: source.fileName,
          mediaFolder: options.mediaFolder,
          probe: source.probe,
          clip: {
            ...{ startS, endS, isLongForm, removeFillers, segments, gaps, drawSettings, edits },
            reframe: body.reframe,
            framing: body.framing,
          },
          outPath: temp.path,
        };
      })
      .catch(threadRefusal);
    if (result.kind === 'nothing-kept') throw conflict(EXPORT_MESSAGES.nothingKept);
    await temp.commit(key);
    await dropStaleExports(ctx, ids.jobId, key);
    return key;
  } finally {
    await temp.discard();
  }
}

async function exportOf(
  ctx: AppContext,
  rt: ExportsRuntime,
  userId: string,
  job: EditRow,
  run: RunRow,
  clip: ExportClipHead,
  format: ExportFormat,
  options: ExportOptions,
): Promise<ExportFile> {
  const source = await sourceOf(ctx, run);
  const ids = { jobId: job.id, clipId: clip.id };
  const wanted = exportKey(ids, exportStateOf(clip, source, options), format);
  let opened = await openStoredExport(ctx, wanted);
  if (!opened) {
    // NOTE: the allowance is checked before the work and spent below, once the file is there.
    if (!run.downloadedAt) await assertCanStartEdit(ctx, userId);
    let building = rt.building.get(wanted);
    if (!building) {
      building = buildExport(ctx, rt, ids, source, format, options).finally(() =>
        rt.building.delete(wanted),
      );
      rt.building.set(wanted, building);
    }
    opened = await openStoredExport(ctx, await building);
    if (!opened) throw conflict(EXPORT_MESSAGES.changed);
  }
  let zipped: boolean;
  try {
    // NOTE: a timeline of the cut is the result itself, so the first export counts toward the
    // trial like the first play or download of a rendered video.
    await chargeEditOnce(ctx, userId, run);
    zipped = format === 'edl' && (await isZipped(opened));
  } catch (error) {
    await opened.handle.close();
    throw error;
  }
  const type = zipped
    ? { extension: 'zip', mimeType: 'application/zip' }
    : EXPORT_FILE_TYPES[format];
  return {
    ...opened,
    fileName: fileNameOf(job, clip, type.extension),
    mimeType: type.mimeType,
    video: source.video,
  };
}

/** Where the export's video is in storage, for the zip with it; 409 when it is gone. */
export async function videoOfExport(
  ctx: AppContext,
  file: Pick<ExportFile, 'video'>,
): Promise<{ path: string; name: string }> {
  const { key, name } = file.video;
  if (key === null || !(await ctx.storage.exists(key))) throw conflict(EXPORT_MESSAGES.videoGone);
  return { path: ctx.storage.resolve(key), name };
}

/** The edit's long form, from its latest run, as `format`. */
export async function exportEdit(
  ctx: AppContext,
  rt: ExportsRuntime,
  userId: string,
  jobId: string,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const { job, instance } = await loadOwnedEdit(ctx, userId, jobId);
  if (!instance) throw conflict(EXPORT_MESSAGES.notAnalysed);
  const clips = await listClipIdsOfRun(ctx.db, instance.id);
  if (clips.length === 0) throw conflict(EXPORT_MESSAGES.notAnalysed);
  const longForm = clips.find((c) => c.isLongForm);
  if (!longForm) throw notFound(EXPORT_MESSAGES.noLongForm);
  const clip = await findExportClip(ctx.db, instance.id, longForm.id);
  if (!clip) throw notFound(EXPORT_MESSAGES.clipNotFound);
  return exportOf(ctx, rt, userId, job, instance, clip, format, options);
}

/** One clip of a run of the user's edit, as `format`. */
export async function exportClip(
  ctx: AppContext,
  rt: ExportsRuntime,
  ids: { userId: string; jobId: string; instanceId: string; clipId: string },
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const { job } = await loadOwnedEdit(ctx, ids.userId, ids.jobId);
  const run = await findRunOfEdit(ctx.db, ids.jobId, ids.instanceId);
  if (!run) throw notFound(EXPORT_MESSAGES.runNotFound);
  const clip = await findExportClip(ctx.db, run.id, ids.clipId);
  if (!clip) throw notFound(EXPORT_MESSAGES.clipNotFound);
  return exportOf(ctx, rt, ids.userId, job, run, clip, format, options);
}
