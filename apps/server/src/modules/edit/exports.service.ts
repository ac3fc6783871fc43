// Exports of an edit and of each clip: the clip's plan (its window, the gaps the user cut and the
// phrases as they edited them) written by the engine as an editor timeline or a transcript timed on
// the cut video, answered as the file itself.
import { EXPORT_FILE_TYPES } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { writeClipExport } from '../../engine-adapter/exports.adapter.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { findAssetOfEdit, findCurrentVideo } from '../assets/index.ts';
import { clipPlan } from './clip-plan.rules.ts';
import { findClipOfRun, listClipsOfRun } from './clips.repository.ts';
import type { ClipRow } from './clips.repository.ts';
import { chargeEditOnce } from './delivery.ts';
import { findRunOfEdit } from './edit.repository.ts';
import type { EditRow, RunRow } from './edit.repository.ts';
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
} as const;

export type ExportFile = { body: string; fileName: string; mimeType: string };

/** The run's source: its pinned video's file name and probe (the upload's, or the analysis's). */
async function sourceOf(ctx: AppContext, run: RunRow) {
  const asset =
    run.videoAssetId === null
      ? await findCurrentVideo(ctx.db, run.autoJobId)
      : await findAssetOfEdit(ctx.db, run.autoJobId, run.videoAssetId);
  const probe = run.videoProbe ?? asset?.probe;
  if (!asset || !probe) throw conflict(EXPORT_MESSAGES.videoGone);
  return { fileName: asset.name, probe };
}

const fileNameOf = (job: EditRow, clip: ClipRow, format: ExportFormat): string =>
  `${job.name} - ${clip.title} (${clip.isLongForm ? 'long form' : 'clip'}).${EXPORT_FILE_TYPES[format].extension}`;

async function exportOf(
  ctx: AppContext,
  userId: string,
  job: EditRow,
  run: RunRow,
  clip: ClipRow,
  format: ExportFormat,
): Promise<ExportFile> {
  const plan = clipPlan(clip);
  if (plan.keptSpans.length === 0) throw conflict(EXPORT_MESSAGES.nothingKept);
  const source = await sourceOf(ctx, run);
  // NOTE: a timeline of the cut is the result itself, so the first export counts toward the
  // trial like the first play or download of a rendered video.
  await chargeEditOnce(ctx, userId, run);
  const body = writeClipExport(format, {
    title: clip.title,
    fileName: source.fileName,
    probe: source.probe,
    keep: plan.keptSpans,
    phrases: plan.segments.filter((s) => s.phrase.trim() !== ''),
    assSettings: plan.drawSettings,
  });
  return {
    body,
    fileName: fileNameOf(job, clip, format),
    mimeType: EXPORT_FILE_TYPES[format].mimeType,
  };
}

/** The edit's long form, from its latest run, as `format`. */
export async function exportEdit(
  ctx: AppContext,
  userId: string,
  jobId: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const { job, instance } = await loadOwnedEdit(ctx, userId, jobId);
  if (!instance) throw conflict(EXPORT_MESSAGES.notAnalysed);
  const clips = await listClipsOfRun(ctx.db, instance.id);
  if (clips.length === 0) throw conflict(EXPORT_MESSAGES.notAnalysed);
  const longForm = clips.find((c) => c.isLongForm);
  if (!longForm) throw notFound(EXPORT_MESSAGES.noLongForm);
  return exportOf(ctx, userId, job, instance, longForm, format);
}

/** One clip of a run of the user's edit, as `format`. */
export async function exportClip(
  ctx: AppContext,
  ids: { userId: string; jobId: string; instanceId: string; clipId: string },
  format: ExportFormat,
): Promise<ExportFile> {
  const { job } = await loadOwnedEdit(ctx, ids.userId, ids.jobId);
  const run = await findRunOfEdit(ctx.db, ids.jobId, ids.instanceId);
  if (!run) throw notFound(EXPORT_MESSAGES.runNotFound);
  const clip = await findClipOfRun(ctx.db, run.id, ids.clipId);
  if (!clip) throw notFound(EXPORT_MESSAGES.clipNotFound);
  return exportOf(ctx, ids.userId, job, run, clip, format);
}
