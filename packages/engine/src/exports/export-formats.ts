// Every export of an edit or a clip by format name (the list is the shared contract's): the editor
// timelines and the transcripts, all from one input (the source, the kept spans, the phrases with
// the user's edits).
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings, ExportFormat } from '@roughcut/shared';
import { toEdl } from './edl.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { toFcpxml } from './fcpxml.ts';
import { toMlt } from './mlt.ts';
import { otioPieces, toOtio } from './otio.ts';
import { cutTimelinePhrases, toAss, toPlainText, toSrt, toVtt } from './transcript-exports.ts';
import { toXmeml, xmemlPieces } from './xmeml.ts';

/**
 * The writers' version: part of the key a server keeps each written export under. WARNING: bump it
 * whenever any format's output changes (or what decides it, such as the cut-timeline mapping), or
 * files written by the old code keep being served for states confirmed before the change.
 */
export const EXPORTS_VERSION = 2;

export type ExportOptions = {
  /** The subtitle style the ASS export carries (the clip's own; the default otherwise). */
  assSettings?: DrawSettings;
};

/** The export's text: a timeline for the source and kept spans, or the cut timeline's transcript. */
export function writeExport(
  format: ExportFormat,
  input: ExportInput,
  options: ExportOptions = {},
): string {
  const phrases = () => cutTimelinePhrases(input.phrases, input.keep, input.probe);
  switch (format) {
    case 'fcpxml':
      return toFcpxml(buildTimeline(input));
    case 'xmeml':
      return toXmeml(buildTimeline(input));
    case 'otio':
      return toOtio(buildTimeline(input));
    case 'edl':
      return toEdl(buildTimeline(input));
    case 'mlt':
      return toMlt(buildTimeline(input));
    case 'srt':
      return toSrt(phrases());
    case 'vtt':
      return toVtt(phrases());
    case 'ass':
      return toAss(phrases(), options.assSettings ?? DEFAULT_DRAW_SETTINGS);
    case 'txt':
      return toPlainText(phrases());
  }
}

/**
 * The export's text in pieces that join into writeExport's: the timelines that run to tens of
 * megabytes (xmeml, OTIO) one clip at a time, so a caller that writes them to a file never holds
 * the whole text; the others in one piece.
 */
export function exportPieces(
  format: ExportFormat,
  input: ExportInput,
  options: ExportOptions = {},
): Iterable<string> {
  if (format === 'xmeml') return xmemlPieces(buildTimeline(input));
  if (format === 'otio') return otioPieces(buildTimeline(input));
  return [writeExport(format, input, options)];
}
