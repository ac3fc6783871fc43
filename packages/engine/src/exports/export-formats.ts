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
import { toOtio } from './otio.ts';
import { cutTimelinePhrases, toAss, toPlainText, toSrt, toVtt } from './transcript-exports.ts';
import { toXmeml } from './xmeml.ts';

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
