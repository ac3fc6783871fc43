import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  uploadDetailOf,
  uploadProgressLabel,
  uploadProgressPercent,
} from '../../lib/upload-progress.rules.ts';
import type { UploadProgress } from '../../lib/upload-progress.rules.ts';
import type { CreateFlowStage } from './create-flow.ts';

const STAGE_TEXT: Record<CreateFlowStage, string> = {
  creating: 'Creating the edit...',
  configuring: 'Saving the settings...',
  uploading: 'Uploading...',
  starting: 'Starting the edit...',
};

type Props = {
  stage: CreateFlowStage;
  file: File | null;
  progress: UploadProgress;
};

/** Where the create flow is: its stage, or while uploading the bytes sent and any reconnecting. */
export function CreateProgress({ stage, file, progress }: Props) {
  return (
    <Box data-testid="create-progress">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        {stage === 'uploading' && file
          ? uploadProgressLabel(file.name, progress)
          : STAGE_TEXT[stage]}
      </Typography>
      {stage === 'uploading' && progress.state === 'reconnecting' ? (
        <Typography variant="body2" color="warning.main" sx={{ mb: 0.75 }}>
          {uploadDetailOf(progress)}
        </Typography>
      ) : null}
      <LinearProgress
        variant={stage === 'uploading' && progress.total > 0 ? 'determinate' : 'indeterminate'}
        value={uploadProgressPercent(progress)}
      />
    </Box>
  );
}
