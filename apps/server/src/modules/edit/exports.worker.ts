// An export thread (exports.threads.ts starts it): the clip's stored columns, as the database's
// JSON text, made into its plan and written by the engine to the file it is given. Everything heavy
// about an export (parsing megabytes of phrases and gaps, planning the cut, writing tens of
// megabytes of XML or JSON) happens here, off the thread that answers requests.
import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { ClipReframe, DrawSettings, ExportFormat, Gap, Segment } from '@roughcut/shared';
import type { ClipEdits, StoredFraming } from '../../db/tables/clips.schema.ts';
import { clipExportPieces } from '../../engine-adapter/exports.adapter.ts';
import type { ExportPiece, ExportProbe } from '../../engine-adapter/exports.adapter.ts';
import { clipPlan } from './clip-plan.rules.ts';

const FLUSH_CHARACTERS = 1 << 20;

export type ExportTask = {
  format: ExportFormat;
  title: string;
  /** The source's file name: every timeline points at it. */
  fileName: string;
  /** The folder the source is in on the user's computer: the timelines link it there. */
  mediaFolder?: string | undefined;
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
    /** A short's framing and its stored plans (JSON text), as its render frames it. */
    reframe: ClipReframe;
    framing: string | null;
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
    reframe: clip.reframe,
    framing: clip.framing === null ? null : (JSON.parse(clip.framing) as StoredFraming | null),
  });
  if (plan.keptSpans.length === 0) return { kind: 'nothing-kept' };
  const pieces = clipExportPieces(task.format, {
    title: task.title,
    fileName: task.fileName,
    mediaFolder: task.mediaFolder,
    probe: task.probe,
    keep: plan.keptSpans,
    phrases: plan.segments.filter((s) => s.phrase.trim() !== ''),
    assSettings: plan.drawSettings,
    isLongForm: clip.isLongForm,
    // NOTE: the render's own plan (render-clip.ts): a short followed or split is framed by its
    // stored plan; centre, or a plan not stored yet, is the centre crop.
    framing: plan.framing,
    burned: plan.subtitles,
  });
  return { kind: 'written', bytes: await writePieces(task.outPath, pieces) };
}

/** Written a megabyte or so at a time, so the file's text is never in memory whole. */
async function writePieces(path: string, pieces: Iterable<ExportPiece>): Promise<number> {
  const file = await open(path, 'w');
  let bytes = 0;
  let pending: ExportPiece[] = [];
  let pendingLength = 0;
  const flush = async () => {
    // NOTE: a zip (an EDL past 999 events) comes as bytes; text is joined before it is encoded.
    const text = pending.filter((p) => typeof p === 'string');
    const buffer =
      text.length === pending.length
        ? Buffer.from(text.join(''), 'utf8')
        : Buffer.concat(pending.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
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
