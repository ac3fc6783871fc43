import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import RemoveDoneRounded from '@mui/icons-material/RemoveDoneRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { confirmEditButtonLabel } from '@roughcut/shared';
import type { ClipEditStep } from '@roughcut/shared';

type Props = {
  selectedStep: ClipEditStep;
  confirmedSteps: readonly ClipEditStep[];
  /** Loading or confirming: every button waits. */
  disabled: boolean;
  confirming: boolean;
  onSubmit: () => void;
  onToggleStep: () => void;
  onConfirmAll: () => void;
  onBack: () => void;
};

/** SPEC 2.10: Submit Confirm, Confirm Edit / Unconfirm Edit, Confirm All and Back. */
export function ClipTopBar({
  selectedStep,
  confirmedSteps,
  disabled,
  confirming,
  onSubmit,
  onToggleStep,
  onConfirmAll,
  onBack,
}: Props) {
  const toggleLabel = confirmEditButtonLabel(confirmedSteps, selectedStep);
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Clip actions"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.25, px: 2, py: 1.5 }}
    >
      <Button
        variant="contained"
        disabled={disabled}
        startIcon={confirming ? <CircularProgress size={16} color="inherit" /> : <SendRounded />}
        onClick={onSubmit}
      >
        Submit Confirm
      </Button>
      <Button
        variant="outlined"
        disabled={disabled}
        startIcon={toggleLabel === 'Confirm Edit' ? <TaskAltRounded /> : <RemoveDoneRounded />}
        onClick={onToggleStep}
      >
        {toggleLabel}
      </Button>
      <Button
        variant="outlined"
        disabled={disabled}
        startIcon={<DoneAllRounded />}
        onClick={onConfirmAll}
      >
        Confirm All
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      <Button disabled={disabled} startIcon={<ArrowBackRounded />} onClick={onBack}>
        Back
      </Button>
    </Paper>
  );
}
