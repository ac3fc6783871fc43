import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { STEP_LABELS } from '../../lib/create-edit.rules.ts';
import type { AutoJob } from '@roughcut/shared';

/** A job's steps as chips, or "No steps". */
export function EditSteps({ job }: { job: AutoJob }) {
  if (job.steps.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        No steps
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {job.steps.map((step) => (
        <Chip
          key={step.step_type}
          size="small"
          variant="outlined"
          label={STEP_LABELS[step.step_type]}
        />
      ))}
    </Box>
  );
}
