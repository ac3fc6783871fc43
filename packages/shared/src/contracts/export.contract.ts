import { z } from 'zod';
import { autoJobParamsSchema } from './autojob.contract.ts';
import { clipParamsSchema } from './clip.contract.ts';

// Exports of an edit and of each clip: editor timelines that point at the original upload, and
// the transcript timed on the cut video. The engine writes them; the server serves them; the web
// offers them beside the rendered videos.

export const TIMELINE_FORMATS = ['fcpxml', 'xmeml', 'otio', 'edl', 'mlt'] as const;
export const TRANSCRIPT_FORMATS = ['srt', 'vtt', 'ass', 'txt'] as const;
export const EXPORT_FORMATS = [...TIMELINE_FORMATS, ...TRANSCRIPT_FORMATS] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);

/** Each format's file name ending, media type and the name a download menu shows. */
export const EXPORT_FILE_TYPES: Record<
  ExportFormat,
  { extension: string; mimeType: string; label: string }
> = {
  fcpxml: {
    extension: 'fcpxml',
    mimeType: 'application/xml',
    label: 'Final Cut Pro / DaVinci Resolve (.fcpxml)',
  },
  xmeml: { extension: 'xml', mimeType: 'application/xml', label: 'Premiere Pro (.xml)' },
  otio: { extension: 'otio', mimeType: 'application/json', label: 'OpenTimelineIO (.otio)' },
  edl: { extension: 'edl', mimeType: 'text/plain', label: 'CMX3600 EDL (.edl)' },
  mlt: { extension: 'mlt', mimeType: 'application/xml', label: 'Shotcut / Kdenlive (.mlt)' },
  srt: { extension: 'srt', mimeType: 'application/x-subrip', label: 'Subtitles (.srt)' },
  vtt: { extension: 'vtt', mimeType: 'text/vtt', label: 'Web subtitles (.vtt)' },
  ass: { extension: 'ass', mimeType: 'text/x-ssa', label: 'Styled subtitles (.ass)' },
  txt: { extension: 'txt', mimeType: 'text/plain', label: 'Transcript (.txt)' },
};

const formatSchema = z.enum(EXPORT_FORMATS);

/** GET /api/manage/autojob/{id}/export/{format}: the edit's long form (the whole video without one). */
export const editExportParamsSchema = autoJobParamsSchema.extend({ format: formatSchema });
export type EditExportParams = z.infer<typeof editExportParamsSchema>;

/** GET .../instance/{instance_id}/clip/{clip_id}/export/{format}: one clip as it is edited. */
export const clipExportParamsSchema = clipParamsSchema.extend({ format: formatSchema });
export type ClipExportParams = z.infer<typeof clipExportParamsSchema>;
