import PauseCircleOutlineRounded from '@mui/icons-material/PauseCircleOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { pausedUploadMessage } from './paused-upload.rules.ts';
import type { PausedUpload } from './paused-upload.rules.ts';

type Props = {
  paused: PausedUpload;
  busy: boolean;
  onChoose: (file: File) => void;
};

/** "Upload paused at 62%: choose the same file to resume", with the file picker beside it. */
export function PausedUploadNotice({ paused, busy, onChoose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Alert
      severity="warning"
      icon={<PauseCircleOutlineRounded />}
      data-testid="paused-upload"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          Choose {paused.name}
        </Button>
      }
    >
      {pausedUploadMessage(paused.percent)}
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        data-testid="resume-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </Alert>
  );
}
