import { z } from 'zod';
import { autoJobParamsSchema } from './autojob.contract.ts';
import { clipParamsSchema } from './clip.contract.ts';

// Exports of an edit and of each clip: editor timelines that point at the original upload, and
// the transcript timed on the cut video. The engine writes them; the server serves them; the web
// offers them beside the rendered videos.

export const TIMELINE_FORMATS = ['fcpxml', 'xmeml', 'otio', 'edl', 'mlt', 'kdenlive'] as const;
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
  mlt: { extension: 'mlt', mimeType: 'application/xml', label: 'Shotcut / melt (.mlt)' },
  kdenlive: {
    extension: 'kdenlive',
    mimeType: 'application/xml',
    label: 'Kdenlive project (.kdenlive)',
  },
  srt: { extension: 'srt', mimeType: 'application/x-subrip', label: 'Subtitles (.srt)' },
  vtt: { extension: 'vtt', mimeType: 'text/vtt', label: 'Web subtitles (.vtt)' },
  ass: { extension: 'ass', mimeType: 'text/x-ssa', label: 'Styled subtitles (.ass)' },
  txt: { extension: 'txt', mimeType: 'text/plain', label: 'Transcript (.txt)' },
};

const formatSchema = z.enum(EXPORT_FORMATS);

/** The longest folder path an export takes (Windows' long paths stop at 32,767; no one types that). */
export const MEDIA_FOLDER_MAX_LENGTH = 1024;

/**
 * Why `folder` cannot be the folder the video is in on the user's computer, or null when it can:
 * an absolute path (`/Users/me/Videos`, `C:\\Users\\me\\Videos`, `\\\\server\\share`), without
 * control characters and without `..`. NOTE: the engine (media-link.ts) reads the same three forms;
 * the Export menu checks with this before it asks, the endpoints refuse with it.
 */
export function mediaFolderProblem(folder: string): string | null {
  if (folder.length > MEDIA_FOLDER_MAX_LENGTH) {
    return `The folder's path is too long: at most ${MEDIA_FOLDER_MAX_LENGTH} characters.`;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F-\u009F]/.test(folder)) {
    return "The folder's path has a character no path holds (a line break or a control character).";
  }
  const text = folder.trim();
  const absolute = /^(?:\/|[A-Za-z]:(?:[\\/]|$)|\\\\[^\\/])/.test(text);
  if (!absolute) {
    return 'Give the full path of the folder: start it with / (Mac, Linux), a drive such as C:\\ (Windows) or \\\\server\\share.';
  }
  if (text.split(/[\\/]+/).includes('..')) return 'The folder may not go up with "..".';
  return null;
}

/**
 * GET …/export/{format} optional query: `media_folder`, the folder the original video is in on the
 * user's computer. An empty value is the same as none (the Export menu's field left empty).
 */
export const exportQuerySchema = z.object({
  media_folder: z
    .string()
    .max(MEDIA_FOLDER_MAX_LENGTH)
    .superRefine((folder, ctx) => {
      const problem = folder === '' ? null : mediaFolderProblem(folder);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .meta({
      description:
        'The folder the original video is in on your computer: the timelines then link it by its absolute path (file:///…). Left out or empty, they link it by its file name, beside the exported file.',
      example: '/Users/me/Videos',
    }),
  with_video: z.enum(['true', 'false', '1', '0']).optional().meta({
    description:
      'true: a zip of the timeline and the uploaded video side by side, so the editor finds the video beside the timeline once unzipped. Timelines only (a transcript is timed on the cut video, not the upload).',
    example: 'true',
  }),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** Whether an export's query asks for the uploaded video beside the timeline. */
export const wantsVideo = (query: Pick<ExportQuery, 'with_video'> | undefined): boolean =>
  query?.with_video === 'true' || query?.with_video === '1';

/** The one timeline/transcript distinction the zip with the video follows. */
export const isTimelineFormat = (format: ExportFormat): boolean =>
  (TIMELINE_FORMATS as readonly string[]).includes(format);

export const WITH_VIDEO_MESSAGES = {
  transcript:
    'A transcript is timed on the cut video, so it does not come with the uploaded one. Export it without the video.',
} as const;

/** GET /api/manage/autojob/{id}/export/{format}: the edit's long form (the whole video without one). */
export const editExportParamsSchema = autoJobParamsSchema.extend({ format: formatSchema });

/** GET .../instance/{instance_id}/clip/{clip_id}/export/{format}: one clip as it is edited. */
export const clipExportParamsSchema = clipParamsSchema.extend({ format: formatSchema });
