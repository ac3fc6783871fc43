// The engine's exports for the server: an edit's or a clip's plan as an editor timeline or a
// transcript (packages/engine/src/exports).
import { writeExport } from '@roughcut/engine';
import type { ExportInput } from '@roughcut/engine';
import type { DrawSettings, ExportFormat } from '@roughcut/shared';

export function writeClipExport(
  format: ExportFormat,
  input: ExportInput & { assSettings: DrawSettings },
): string {
  const { assSettings, ...timeline } = input;
  return writeExport(format, timeline, { assSettings });
}
