import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RemoveDoneRounded from '@mui/icons-material/RemoveDoneRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { JobInstance } from '@roughcut/shared';
import { useRef, useState } from 'react';
import { InstanceIndicator } from './instance-indicator.tsx';
import { UploadStatus } from './upload-status.tsx';
import { type UploadIndicator } from '../../lib/upload-indicator.rules.ts';
import type { JobActions } from '../../lib/status-labels.rules.ts';

export type TopBarCommand =
  'continue' | 'confirm-all' | 'unconfirm-all' | 'start' | 'cancel' | 'delete-video';

type Props = {
  actions: JobActions;
  bulk: { showConfirmAll: boolean; showUnconfirmAll: boolean };
  canUpload: boolean;
  instance: JobInstance | null;
  upload: UploadIndicator | null;
  /** Speed and time left of this tab's upload, or what happens while its connection is lost. */
  uploadDetail?: string | null;
  pending: TopBarCommand | 'upload' | null;
  onCommand: (command: TopBarCommand) => void;
  onUpload: (files: File[]) => void;
};

/** SPEC 2.9 top bar: Continue, Confirm All, Unconfirm All, Start, upload, the 3 dots, indicators. */
export function JobTopBar({
  actions,
  bulk,
  canUpload,
  instance,
  upload,
  uploadDetail,
  pending,
  onCommand,
  onUpload,
}: Props) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = pending !== null;
  const spinner = (command: TopBarCommand) =>
    pending === command ? <CircularProgress size={16} color="inherit" /> : undefined;
  const pickFile = () => fileInput.current?.click();
  const choose = (command: TopBarCommand | 'upload') => {
    setMenuAnchor(null);
    if (command === 'upload') pickFile();
    else onCommand(command);
  };

  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Edit actions"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.25,
        px: 2,
        py: 1.5,
        mb: 3,
      }}
    >
      {actions.showConfirmButtons ? (
        <>
          <Button
            variant="contained"
            startIcon={spinner('continue') ?? <SkipNextRounded />}
            disabled={busy}
            onClick={() => onCommand('continue')}
          >
            Continue
          </Button>
          {bulk.showConfirmAll ? (
            <Button
              variant="outlined"
              color="success"
              startIcon={spinner('confirm-all') ?? <CheckCircleOutlineRounded />}
              disabled={busy}
              onClick={() => onCommand('confirm-all')}
            >
              Confirm All
            </Button>
          ) : null}
          {bulk.showUnconfirmAll ? (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={spinner('unconfirm-all') ?? <RemoveDoneRounded />}
              disabled={busy}
              onClick={() => onCommand('unconfirm-all')}
            >
              Unconfirm All
            </Button>
          ) : null}
        </>
      ) : null}
      {actions.canStart ? (
        <Button
          variant="contained"
          startIcon={spinner('start') ?? <PlayArrowRounded />}
          disabled={busy}
          onClick={() => onCommand('start')}
        >
          Start
        </Button>
      ) : null}
      <Tooltip
        title={
          canUpload ? 'Upload a new video for this edit' : 'Cancel the edit to upload a new video'
        }
      >
        <span>
          <Button
            variant="outlined"
            startIcon={
              pending === 'upload' ? (
                <CircularProgress size={16} color="inherit" />
              ) : (
                <CloudUploadOutlined />
              )
            }
            disabled={busy || !canUpload}
            onClick={pickFile}
          >
            Upload video
          </Button>
        </span>
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        accept="video/*"
        multiple
        hidden
        data-testid="job-file-input"
        onChange={(event) => {
          onUpload(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <IconButton
        aria-label="More actions"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        disabled={busy}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem disabled={!actions.canCancel} onClick={() => choose('cancel')}>
          Cancel
        </MenuItem>
        <MenuItem disabled={!actions.canDeleteVideo} onClick={() => choose('delete-video')}>
          Delete video
        </MenuItem>
        <MenuItem disabled={!canUpload} onClick={() => choose('upload')}>
          Upload
        </MenuItem>
      </Menu>
      <Box sx={{ flexGrow: 1 }} />
      {upload ? <UploadStatus indicator={upload} detail={uploadDetail ?? null} /> : null}
      {instance ? <InstanceIndicator instance={instance} /> : null}
    </Paper>
  );
}
