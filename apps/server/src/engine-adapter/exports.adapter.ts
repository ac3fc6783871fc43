// The engine's exports for the server: an edit's or a clip's plan as an editor timeline or a
// transcript (packages/engine/src/exports). NOTE: only the exports' own entry is imported, so the
// export threads that load this file do not load the whole engine (the recognisers, the models).
import { EXPORTS_VERSION, exportPieces } from '@roughcut/engine/exports';
import type { ExportInput, ExportProbe } from '@roughcut/engine/exports';
import type { DrawSettings, ExportFormat } from '@roughcut/shared';

export type { ExportProbe };

/** The writers' version, for the key each written export is kept under. */
export const EXPORT_WRITERS_VERSION = EXPORTS_VERSION;

/** An edit's or a clip's export, in pieces that join into its text (long timelines clip by clip). */
export function clipExportPieces(
  format: ExportFormat,
  input: ExportInput & { assSettings: DrawSettings },
): Iterable<string> {
  const { assSettings, ...timeline } = input;
  return exportPieces(format, timeline, { assSettings });
}
