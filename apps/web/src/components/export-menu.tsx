import IosShareRounded from '@mui/icons-material/IosShareRounded';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPORT_FILE_TYPES,
  MEDIA_FOLDER_MAX_LENGTH,
  TIMELINE_FORMATS,
  TRANSCRIPT_FORMATS,
  isTimelineFormat,
  mediaFolderProblem,
} from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { useId, useState } from 'react';
import type { DownloadedFile } from '../api/api-client.ts';
import { describeError } from '../api/api-error.ts';
import { showAlert } from '../lib/show-alert.ts';
import { saveBlob } from '../lib/save-blob.ts';
import {
  saveMediaFolder,
  saveWithVideo,
  savedMediaFolder,
  savedWithVideo,
} from './export-media-folder.ts';

const EXPORT_FAILED = 'There was an issue exporting, please try again';
export const MEDIA_FOLDER_LABEL = 'Where the video is on your computer';
export const MEDIA_FOLDER_HINT =
  'Optional: the folder your original video is in, such as /Users/you/Videos or C:\\Users\\you\\Videos. Editors then find it without relinking.';
export const WITH_VIDEO_LABEL = 'With the source video';
export const WITH_VIDEO_HINT =
  'Timelines download as a zip with your video beside them: unzip it and open the timeline. Transcripts come alone.';

/** What an export asks for besides its format. */
export type ExportRequest = {
  /** The folder the video is in on the user's computer; absent: linked beside the file. */
  mediaFolder?: string;
  /** A timeline zipped with the uploaded video; its download's progress is told. */
  withVideo?: true;
  onProgress?: (fraction: number) => void;
};

type Props = {
  /** What is exported, for the button's accessible name ("Export Full video"). */
  subject: string;
  /** Fetches the export; the menu saves it under its content-disposition name. */
  onExport: (format: ExportFormat, request: ExportRequest) => Promise<DownloadedFile>;
  /** The file name without its ending when the server names none. */
  fallbackName: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
};

/**
 * Export: a menu of the editor timelines (Final Cut Pro, Resolve, Premiere, OTIO, EDL, Shotcut,
 * Kdenlive) and the transcripts (SRT, VTT, ASS, text), under the folder the video is in on the
 * user's computer (optional, remembered by the browser) so the timelines link it absolutely, and
 * "With the source video" (a zip of a timeline and the upload, its progress on the button). One
 * export at a time per menu.
 */
export function ExportMenu({ subject, onExport, fallbackName, variant = 'outlined', size }: Props) {
  const menuId = useId();
  const folderId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState(savedMediaFolder);
  const [withVideo, setWithVideo] = useState(savedWithVideo);
  const [progress, setProgress] = useState<number | null>(null);
  const trimmed = folder.trim();
  const problem = trimmed ? mediaFolderProblem(trimmed) : null;

  const exportAs = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    const zipped = withVideo && isTimelineFormat(format);
    try {
      const request: ExportRequest = trimmed ? { mediaFolder: trimmed } : {};
      if (zipped) Object.assign(request, { withVideo: true, onProgress: setProgress });
      const file = await onExport(format, request);
      const fallback = zipped
        ? `${fallbackName} with video.zip`
        : `${fallbackName}.${EXPORT_FILE_TYPES[format].extension}`;
      saveBlob(file.blob, file.fileName ?? fallback);
    } catch (error) {
      showAlert(describeError(error, EXPORT_FAILED));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  // NOTE: a folder that is not one would be refused; the items wait until it is fixed or cleared.
  const item = (format: ExportFormat) => (
    <MenuItem
      key={format}
      onClick={() => void exportAs(format)}
      data-format={format}
      disabled={problem !== null}
    >
      {EXPORT_FILE_TYPES[format].label}
    </MenuItem>
  );

  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={`Export ${subject}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        startIcon={
          busy ? (
            <CircularProgress
              size={14}
              color="inherit"
              {...(progress === null
                ? {}
                : { variant: 'determinate' as const, value: progress * 100 })}
            />
          ) : (
            <IosShareRounded />
          )
        }
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {progress === null ? 'Export' : `Export ${Math.round(progress * 100)}%`}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(380px, calc(100vw - 32px))' } } }}
      >
        <Box
          sx={{ px: 2, pt: 1, pb: 1.5 }}
          // NOTE: the menu reads typed letters as a jump to an item (and Tab as a close); the
          // field keeps its keys, but Escape still closes the menu.
          onKeyDown={(event) => {
            if (event.key !== 'Escape') event.stopPropagation();
          }}
        >
          <TextField
            id={folderId}
            label={MEDIA_FOLDER_LABEL}
            value={folder}
            onChange={(event) => {
              setFolder(event.target.value);
              saveMediaFolder(event.target.value);
            }}
            placeholder="/Users/you/Videos"
            size="small"
            fullWidth
            autoComplete="off"
            error={problem !== null}
            helperText={problem ?? MEDIA_FOLDER_HINT}
            slotProps={{ htmlInput: { maxLength: MEDIA_FOLDER_MAX_LENGTH, spellCheck: false } }}
          />
          <FormControlLabel
            sx={{ mt: 0.5 }}
            control={
              <Checkbox
                size="small"
                checked={withVideo}
                onChange={(event) => {
                  setWithVideo(event.target.checked);
                  saveWithVideo(event.target.checked);
                }}
              />
            }
            label={WITH_VIDEO_LABEL}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5 }}>
            {WITH_VIDEO_HINT}
          </Typography>
        </Box>
        <ListSubheader sx={{ lineHeight: '32px' }}>Editor timeline</ListSubheader>
        {TIMELINE_FORMATS.map(item)}
        <ListSubheader sx={{ lineHeight: '32px' }}>Transcript, timed on the edit</ListSubheader>
        {TRANSCRIPT_FORMATS.map(item)}
      </Menu>
    </>
  );
}
