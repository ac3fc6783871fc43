import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import RemoveDoneRounded from '@mui/icons-material/RemoveDoneRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ClipEditStep } from '@roughcut/shared';
import type { ReactNode } from 'react';
import { confirmEditButtonLabel } from './clip-confirm.rules.ts';

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
  /**
   * Issue 31: where the draft's saving stands, beside Back (on a phone, a row of its own once
   * there is something to say).
   */
  saveState?: ReactNode;
};

// NOTE: on a phone the four buttons sit two by two, small, so the bar takes two short rows and the
// video below it starts on the first screen; every label stays.
const button = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { minWidth: 0, whiteSpace: 'nowrap', px: 1 },
});

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
  saveState,
}: Props) {
  const toggleLabel = confirmEditButtonLabel(confirmedSteps, selectedStep);
  // NOTE: useTheme falls back to the default theme outside a ThemeProvider (component tests).
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const size = compact ? 'small' : 'medium';
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Clip actions"
      sx={{
        display: { xs: 'grid', sm: 'flex' },
        gridTemplateColumns: { xs: '1fr 1fr' },
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 1.25 },
        px: { xs: 1, sm: 2 },
        py: { xs: 1, sm: 1.5 },
      }}
    >
      <Button
        variant="contained"
        size={size}
        sx={button}
        disabled={disabled}
        startIcon={confirming ? <CircularProgress size={16} color="inherit" /> : <SendRounded />}
        onClick={onSubmit}
      >
        Submit Confirm
      </Button>
      <Button
        variant="outlined"
        size={size}
        sx={button}
        disabled={disabled}
        startIcon={toggleLabel === 'Confirm Edit' ? <TaskAltRounded /> : <RemoveDoneRounded />}
        onClick={onToggleStep}
      >
        {toggleLabel}
      </Button>
      <Button
        variant="outlined"
        size={size}
        sx={button}
        disabled={disabled}
        startIcon={<DoneAllRounded />}
        onClick={onConfirmAll}
      >
        Confirm All
      </Button>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          justifyContent: { xs: 'flex-start', sm: 'flex-end' },
          gridColumn: { xs: '1 / -1' },
          gridRow: { xs: 3 },
          '&:empty': { display: { xs: 'none', sm: 'flex' } },
        }}
      >
        {saveState}
      </Box>
      <Button
        size={size}
        sx={button}
        disabled={disabled}
        startIcon={<ArrowBackRounded />}
        onClick={onBack}
      >
        Back
      </Button>
    </Paper>
  );
}
