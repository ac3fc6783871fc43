import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 8 }}>
      <CircularProgress size={32} />
      {label ? <Typography color="text.secondary">{label}</Typography> : null}
    </Box>
  );
}
