import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TONE_COLORS } from '../../components/status-tone.tsx';
import { type UploadIndicator } from '../../lib/upload-indicator.rules.ts';

/** SPEC 4.1: "Uploading {name}... 42%" while uploading, then "Uploaded {name}". */
export function UploadStatus({
  indicator,
  detail = null,
}: {
  indicator: UploadIndicator;
  detail?: string | null;
}) {
  const colors = TONE_COLORS[indicator.tone];
  return (
    <Box
      role="status"
      data-testid="upload-indicator"
      sx={{ minWidth: 180, maxWidth: 320, px: 1.5, py: 0.75, borderRadius: 2, bgcolor: colors.bg }}
    >
      <Typography
        variant="body2"
        sx={{
          color: colors.fg,
          fontWeight: 600,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
        title={indicator.text}
      >
        {indicator.text}
        {indicator.percent !== null ? ` ${indicator.percent}%` : ''}
      </Typography>
      {indicator.uploading && detail ? (
        <Typography variant="caption" sx={{ color: colors.fg, display: 'block' }}>
          {detail}
        </Typography>
      ) : null}
      {indicator.uploading ? (
        <LinearProgress
          variant={indicator.percent !== null ? 'determinate' : 'indeterminate'}
          value={indicator.percent ?? 0}
          sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
        />
      ) : null}
    </Box>
  );
}
