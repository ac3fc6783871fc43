// An export thread (exports.threads.ts starts it): the clip's stored columns, as the database's
// JSON text, made into its plan and written by the engine to the file it is given. Everything heavy
// about an export (parsing megabytes of phrases and gaps, planning the cut, writing tens of
// megabytes of XML or JSON) happens here, off the thread that answers requests.
import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { DrawSettings, ExportFormat, Gap, Segment } from '@roughcut/shared';
import type { ClipEdits } from '../../db/tables/clips.schema.ts';
import { clipExportPieces } from '../../engine-adapter/exports.adapter.ts';
import type { ExportProbe } from '../../engine-adapter/exports.adapter.ts';
import { clipPlan } from './clip-plan.rules.ts';

const FLUSH_CHARACTERS = 1 << 20;

export type ExportTask = {
  format: ExportFormat;
  title: string;
  /** The source's file name: every timeline points at it. */
  fileName: string;
  probe: ExportProbe;
  clip: {
    startS: number;
    endS: number;
    isLongForm: boolean;
    removeFillers: boolean;
    /** The stored columns as JSON text; null where the confirm replaces them (exports.repository.ts). */
    segments: string | null;
    gaps: string | null;
    drawSettings: string;
    edits: string | null;
  };
  /** Where the file is written (a temp file the request thread then moves into storage). */
  outPath: string;
};

export type ExportTaskResult = { kind: 'written'; bytes: number } | { kind: 'nothing-kept' };

export type ExportRequest = { id: number; task: ExportTask };
export type ExportReply = { id: number; result: ExportTaskResult } | { id: number; error: string };

export async function runExportTask(task: ExportTask): Promise<ExportTaskResult> {
  const { clip } = task;
  const plan = clipPlan({
    startS: clip.startS,
    endS: clip.endS,
    isLongForm: clip.isLongForm,
    removeFillers: clip.removeFillers,
    segments: clip.segments === null ? [] : (JSON.parse(clip.segments) as Segment[]),
    gaps: clip.gaps === null ? [] : (JSON.parse(clip.gaps) as Gap[]),
    drawSettings: JSON.parse(clip.drawSettings) as DrawSettings,
    edits: clip.edits === null ? null : (JSON.parse(clip.edits) as ClipEdits | null),
    // NOTE: the framing decides only the render's picture, which no export carries.
    reframe: 'centre',
    framing: null,
  });
  if (plan.keptSpans.length === 0) return { kind: 'nothing-kept' };
  const pieces = clipExportPieces(task.format, {
    title: task.title,
    fileName: task.fileName,
    probe: task.probe,
    keep: plan.keptSpans,
    phrases: plan.segments.filter((s) => s.phrase.trim() !== ''),
    assSettings: plan.drawSettings,
  });
  return { kind: 'written', bytes: await writePieces(task.outPath, pieces) };
}

/** Written a megabyte or so at a time, so the file's text is never in memory whole. */
async function writePieces(path: string, pieces: Iterable<string>): Promise<number> {
  const file = await open(path, 'w');
  let bytes = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    const buffer = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    await file.write(buffer);
    bytes += buffer.length;
  };
  try {
    for (const piece of pieces) {
      pending.push(piece);
      pendingLength += piece.length;
      if (pendingLength >= FLUSH_CHARACTERS) await flush();
    }
    await flush();
  } finally {
    await file.close();
  }
  return bytes;
}

const port = parentPort;
port?.on('message', (request: ExportRequest) => {
  runExportTask(request.task).then(
    (result) => port.postMessage({ id: request.id, result } satisfies ExportReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ExportReply),
  );
});
