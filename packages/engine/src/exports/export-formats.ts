// Every export of an edit or a clip by format name: the editor timelines and the transcripts, all
// from one input (the source, the kept spans, the phrases with the user's edits).
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { toEdl } from './edl.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { toFcpxml } from './fcpxml.ts';
import { toMlt } from './mlt.ts';
import { toOtio } from './otio.ts';
import { cutTimelinePhrases, toAss, toPlainText, toSrt, toVtt } from './transcript-exports.ts';
import { toXmeml } from './xmeml.ts';

export const TIMELINE_FORMATS = ['fcpxml', 'xmeml', 'otio', 'edl', 'mlt'] as const;
export const TRANSCRIPT_FORMATS = ['srt', 'vtt', 'ass', 'txt'] as const;
export const EXPORT_FORMATS = [...TIMELINE_FORMATS, ...TRANSCRIPT_FORMATS] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name ending and media type a download of each format carries. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { extension: string; mimeType: string }> = {
  fcpxml: { extension: 'fcpxml', mimeType: 'application/xml' },
  xmeml: { extension: 'xml', mimeType: 'application/xml' },
  otio: { extension: 'otio', mimeType: 'application/json' },
  edl: { extension: 'edl', mimeType: 'text/plain' },
  mlt: { extension: 'mlt', mimeType: 'application/xml' },
  srt: { extension: 'srt', mimeType: 'application/x-subrip' },
  vtt: { extension: 'vtt', mimeType: 'text/vtt' },
  ass: { extension: 'ass', mimeType: 'text/x-ssa' },
  txt: { extension: 'txt', mimeType: 'text/plain' },
};

export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);

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
