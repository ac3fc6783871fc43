import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { checkSelectedFiles } from '../../lib/create-edit.rules.ts';
import { useEffect, useRef, useState } from 'react';
import { showAlert } from '../../lib/show-alert.ts';
import { notMp4Reason } from '../../lib/file-fingerprint.ts';
import { formatBytes } from '../../lib/upload-progress.rules.ts';

/** What the chosen file really is, when it is not an .mp4 video (read from its first bytes). */
function useNotVideoReason(file: File | null): string | undefined {
  const [found, setFound] = useState<{ file: File; reason: string | undefined } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    void notMp4Reason(file).then((reason) => {
      if (current) setFound({ file, reason });
    });
    return () => {
      current = false;
    };
  }, [file]);
  return found?.file === file ? found.reason : undefined;
}

type Props = {
  file: File | null;
  onFile: (file: File) => void;
  disabled: boolean;
};

/** SPEC 2.7 step 1: drop zone or Upload button; one video file only, warning when not .mp4. */
export function VideoDropZone({ file, onFile, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const warning = file ? checkSelectedFiles([file]).warning : null;
  const notVideo = useNotVideoReason(file);

  const take = (files: readonly File[]) => {
    const check = checkSelectedFiles(files);
    if (check.error) {
      showAlert(check.error);
      return;
    }
    if (check.file) onFile(check.file);
  };

  return (
    <Box>
      <Box
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) take(Array.from(event.dataTransfer.files));
        }}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'rgba(15, 23, 42, 0.18)',
          bgcolor: dragging ? 'rgba(79, 70, 229, 0.06)' : '#f8fafc',
          borderRadius: 3,
          px: 3,
          py: 4,
          display: 'grid',
          justifyItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        {file ? (
          <>
            <MovieOutlined sx={{ fontSize: 40, color: 'primary.main' }} />
            <Box>
              <Typography
                sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}
                data-testid="chosen-file"
              >
                {file.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatBytes(file.size)}
              </Typography>
            </Box>
          </>
        ) : (
          <>
            <CloudUploadOutlined sx={{ fontSize: 40, color: 'text.secondary' }} />
            <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
              Drag and drop .mp4 video file with talking, we&apos;ll handle the rest
            </Typography>
          </>
        )}
        <Button
          variant="outlined"
          startIcon={<CloudUploadOutlined />}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {file ? 'Choose another file' : 'Upload'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="video/*"
          // NOTE: several files may be chosen so the one-file rule can say so (SPEC 5).
          multiple
          hidden
          data-testid="video-file-input"
          onChange={(event) => {
            take(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </Box>
      {/* NOTE: the name's warning (SPEC 5) wins: it is the rule the user can act on first, and
          it shows at once, while the first bytes are still being read. */}
      {warning ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {warning}
        </Alert>
      ) : notVideo ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="not-a-video">
          {notVideo}
        </Alert>
      ) : null}
    </Box>
  );
}
