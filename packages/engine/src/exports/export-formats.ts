// Every export of an edit or a clip by format name (the list is the shared contract's): the editor
// timelines and the transcripts, all from one input (the source, the kept spans, the phrases with
// the user's edits).
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings, ExportFormat } from '@roughcut/shared';
import { EngineError } from '../types.ts';
import type { FrameSize } from './ass-play-res.ts';
import { toEdlLists } from './edl.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { toFcpxml } from './fcpxml.ts';
import { toKdenlive } from './kdenlive.ts';
import { toMlt } from './mlt.ts';
import { otioPieces, toOtio } from './otio.ts';
import { cutTimelinePhrases, toAss, toPlainText, toSrt, toVtt } from './transcript-exports.ts';
import { toXmeml, xmemlPieces } from './xmeml.ts';
import { ZIP_SIGNATURE, zipStore } from './zip-store.ts';

/**
 * The writers' version: part of the key a server keeps each written export under. WARNING: bump it
 * whenever any format's output changes (or what decides it, such as the cut-timeline mapping), or
 * files written by the old code keep being served for states confirmed before the change.
 */
export const EXPORTS_VERSION = 6;

export type ExportOptions = {
  /** The subtitle style the ASS export carries (the clip's own; the default otherwise). */
  assSettings?: DrawSettings;
  /**
   * The size of the video the subtitles go over, for the ASS export's PlayRes: the render's (a
   * short's 1080x1920). Absent: the short's frame (`input.short`), else the source's display size,
   * which is the long form's.
   */
  frame?: FrameSize | undefined;
};

/**
 * A short's render size, for its ASS export. NOTE: render/short-clip.ts's SHORT_WIDTH and
 * SHORT_HEIGHT, repeated so the export threads need not load the renderer (a test holds them equal).
 */
export const SHORT_FRAME: FrameSize = { width: 1080, height: 1920 };

/** A piece of an export: text, or the bytes of a zip when the export is several files. */
export type ExportPiece = string | Uint8Array;

/**
 * A file name made of the timeline's title (already without control characters and line breaks):
 * without the characters Windows refuses in one.
 */
const fileStem = (title: string): string =>
  title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, 80) || 'edit';

/**
 * The EDL: one list while the cut has at most 999 events; past that, the lists CMX3600 allows
 * zipped together as `<title>-part1.edl`, `-part2.edl`… (decision 0008).
 */
function edlPieces(input: ExportInput): ExportPiece[] {
  const timeline = buildTimeline(input);
  const lists = toEdlLists(timeline);
  if (lists.length === 1) return lists;
  const stem = fileStem(timeline.title);
  return [zipStore(lists.map((text, i) => ({ name: `${stem}-part${i + 1}.edl`, text })))];
}

/**
 * The export's text: a timeline for the source and kept spans, or the cut timeline's transcript.
 * WARNING: an EDL of more than 999 events is several files, which only exportPieces writes (as a
 * zip): here it throws.
 */
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
    case 'edl': {
      const [list, ...more] = toEdlLists(buildTimeline(input));
      if (list === undefined || more.length) {
        throw new EngineError(
          'edl_needs_several_files',
          'This cut has more than 999 events, more than one EDL can hold: export it as a zip of EDLs.',
        );
      }
      return list;
    }
    case 'mlt':
      return toMlt(buildTimeline(input));
    case 'kdenlive':
      return toKdenlive(buildTimeline(input));
    case 'srt':
      return toSrt(phrases());
    case 'vtt':
      return toVtt(phrases());
    case 'ass':
      return toAss(phrases(), options.assSettings ?? DEFAULT_DRAW_SETTINGS, {
        frame: options.frame ??
          input.short?.frame ?? {
            width: input.probe.displayWidth,
            height: input.probe.displayHeight,
          },
      });
    case 'txt':
      return toPlainText(phrases());
  }
}

/**
 * The export in pieces that join into writeExport's text: the timelines that run to tens of
 * megabytes (xmeml, OTIO) one clip at a time, so a caller that writes them to a file never holds
 * the whole text; the others in one piece. An EDL past 999 events is one piece of zip bytes
 * (startsWithZip tells the file apart by its first bytes, to name and serve it as a zip).
 */
export function exportPieces(
  format: ExportFormat,
  input: ExportInput,
  options: ExportOptions = {},
): Iterable<ExportPiece> {
  if (format === 'xmeml') return xmemlPieces(buildTimeline(input));
  if (format === 'otio') return otioPieces(buildTimeline(input));
  if (format === 'edl') return edlPieces(input);
  return [writeExport(format, input, options)];
}

/** Whether an export's file (its first bytes) is a zip of several files, not the format's text. */
export const startsWithZip = (head: Uint8Array): boolean =>
  ZIP_SIGNATURE.every((byte, i) => head[i] === byte);
