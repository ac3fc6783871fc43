import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { CLIP_FAILED_HEADING } from '../../lib/status-labels.rules.ts';

/** SPEC 2.10 and 8: a failed clip shows the heading and the failure reason. */
export function ClipFailed({ reason }: { reason: string | null }) {
  return (
    <Alert severity="error" variant="outlined" sx={{ borderRadius: 3 }}>
      <AlertTitle component="h2" sx={{ fontWeight: 700 }}>
        {CLIP_FAILED_HEADING}
      </AlertTitle>
      {reason ?? 'No reason was given.'}
    </Alert>
  );
}

/** While confirming, processing, or confirmed and awaiting the render. */
export function ClipLoading() {
  return <CenteredSpinner label="Loading..." />;
}

/**
 * SPEC 8: a job, instance or clip load failure resets the screen to empty; it says so and leads
 * back rather than spinning for ever.
 */
export function ClipUnavailable({ jobPath }: { jobPath: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        This clip could not be loaded
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        It may have been deleted, or the edit was started again. Reload the page to try again.
      </Typography>
      <Button component={RouterLink} to={jobPath} variant="contained">
        Back to the video edit
      </Button>
    </Box>
  );
}
