// The engine's exports for the server: an edit's or a clip's plan as an editor timeline or a
// transcript (packages/engine/src/exports). NOTE: only the exports' own entry is imported, so the
// export threads that load this file do not load the whole engine (the recognisers, the models).
import {
  EXPORTS_VERSION,
  SHORT_FRAME,
  exportPieces,
  startsWithZip,
} from '@roughcut/engine/exports';
import type { ExportInput, ExportPiece, ExportProbe } from '@roughcut/engine/exports';
import type { DrawSettings, ExportFormat, FramingPlan } from '@roughcut/shared';

export type { ExportPiece, ExportProbe };

/** Whether a written export (its first bytes) is a zip: an EDL of more than 999 events. */
export const isZipExport = startsWithZip;

/** The writers' version, for the key each written export is kept under. */
export const EXPORT_WRITERS_VERSION = EXPORTS_VERSION;

export type ClipExportInput = Omit<ExportInput, 'short'> & {
  /** The style the ASS export carries. */
  assSettings: DrawSettings;
  isLongForm: boolean;
  /** A short's framing plan as its render uses it (null: the centre crop). */
  framing: FramingPlan | null;
  /** The caption style a short's render burns (null: none). */
  burned: DrawSettings | null;
};

/**
 * An edit's or a clip's export, in pieces that join into its file (long timelines clip by clip).
 * A short's timelines are its render's: 1080x1920, framed and captioned as it renders; its ASS is
 * laid out at that size.
 */
export function clipExportPieces(
  format: ExportFormat,
  input: ClipExportInput,
): Iterable<ExportPiece> {
  const { assSettings, isLongForm, framing, burned, ...timeline } = input;
  const short = isLongForm
    ? undefined
    : { frame: SHORT_FRAME, framing: framing ?? { mode: 'centre' as const }, style: burned };
  return exportPieces(format, { ...timeline, short }, { assSettings });
}

/** The zip of a timeline with its video: laid out around entries whose sizes are known. */
export { layoutZip, readStoredZip, ZIP_MAX_BYTES } from '@roughcut/engine/exports';
export type { ZipEntryHead } from '@roughcut/engine/exports';
