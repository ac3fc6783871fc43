import IosShareRounded from '@mui/icons-material/IosShareRounded';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_FILE_TYPES, TIMELINE_FORMATS, TRANSCRIPT_FORMATS } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { useId, useState } from 'react';
import type { DownloadedFile } from '../api/api-client.ts';
import { describeError } from '../api/api-error.ts';
import { showAlert } from '../app/show-alert.ts';
import { saveBlob } from '../lib/save-blob.ts';

const EXPORT_FAILED = 'There was an issue exporting, please try again';

type Props = {
  /** What is exported, for the button's accessible name ("Export Full video"). */
  subject: string;
  /** Fetches the export; the menu saves it under its content-disposition name. */
  onExport: (format: ExportFormat) => Promise<DownloadedFile>;
  /** The file name without its ending when the server names none. */
  fallbackName: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
};

/**
 * Export: a menu of the editor timelines (Final Cut Pro, Resolve, Premiere, OTIO, EDL, Shotcut,
 * Kdenlive) and the transcripts (SRT, VTT, ASS, text). One export at a time per menu.
 */
export function ExportMenu({ subject, onExport, fallbackName, variant = 'outlined', size }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const file = await onExport(format);
      const name = file.fileName ?? `${fallbackName}.${EXPORT_FILE_TYPES[format].extension}`;
      saveBlob(file.blob, name);
    } catch (error) {
      showAlert(describeError(error, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const item = (format: ExportFormat) => (
    <MenuItem key={format} onClick={() => void exportAs(format)} data-format={format}>
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
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <IosShareRounded />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: '32px' }}>Editor timeline</ListSubheader>
        {TIMELINE_FORMATS.map(item)}
        <ListSubheader sx={{ lineHeight: '32px' }}>Transcript, timed on the edit</ListSubheader>
        {TRANSCRIPT_FORMATS.map(item)}
      </Menu>
    </>
  );
}
