import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CLIP_EDIT_STEPS } from '@roughcut/shared';
import type { ClipEditStep, Segment } from '@roughcut/shared';
import { CLIP_EDIT_STEP_LABELS } from './clip-confirm.rules.ts';
import { editDetailsLines } from './phrase-validity.rules.ts';

type Props = {
  selectedStep: ClipEditStep;
  confirmedSteps: readonly ClipEditStep[];
  onSelect: (step: ClipEditStep) => void;
  /** The clip's detected segments, or null while the clip loads. */
  segments: readonly Segment[] | null;
};

/** SPEC 2.10: the two steps with their tick or cross, and the "Edit Details" box. */
export function ClipSidebar({ selectedStep, confirmedSteps, onSelect, segments }: Props) {
  return (
    <Box
      component="aside"
      aria-label="Clip edit steps"
      sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0, display: 'grid', gap: 2 }}
    >
      <ClipSteps selectedStep={selectedStep} confirmedSteps={confirmedSteps} onSelect={onSelect} />
      <EditDetails segments={segments} />
    </Box>
  );
}

/**
 * The two steps. NOTE: side by side on a phone, so the selected step's video follows right
 * below instead of after a screen of sidebar.
 */
export function ClipSteps({ selectedStep, confirmedSteps, onSelect }: Omit<Props, 'segments'>) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 1 } }}>
      <List
        disablePadding
        aria-label="Steps"
        sx={{
          display: { xs: 'grid', md: 'block' },
          gridTemplateColumns: { xs: '1fr 1fr', md: 'none' },
          columnGap: 1,
        }}
      >
        {CLIP_EDIT_STEPS.map((step) => {
          const confirmed = confirmedSteps.includes(step);
          return (
            <ListItemButton
              key={step}
              selected={step === selectedStep}
              aria-current={step === selectedStep ? 'step' : undefined}
              onClick={() => onSelect(step)}
              sx={{ borderRadius: 2, my: 0.25, py: { xs: 0.5, sm: 1 } }}
            >
              <ListItemText
                primary={CLIP_EDIT_STEP_LABELS[step]}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
              <ListItemIcon sx={{ minWidth: 0 }}>
                {confirmed ? (
                  <CheckCircleRounded
                    data-testid={`${step}-confirmed`}
                    titleAccess="Confirmed"
                    sx={{ color: 'success.main' }}
                  />
                ) : (
                  <CancelRounded
                    data-testid={`${step}-unconfirmed`}
                    titleAccess="Not confirmed"
                    sx={{ color: 'error.main' }}
                  />
                )}
              </ListItemIcon>
            </ListItemButton>
          );
        })}
      </List>
    </Paper>
  );
}

export function EditDetails({ segments }: { segments: readonly Segment[] | null }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="edit-details-title"
      sx={{ p: 2 }}
    >
      <Typography variant="overline" color="text.secondary" component="p">
        Edit Details
      </Typography>
      <Typography id="edit-details-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        This edit
      </Typography>
      {segments === null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={18} />
          <Typography color="text.secondary">Loading...</Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {editDetailsLines(segments).map((line) => (
            <Typography component="li" key={line} color="text.secondary">
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}
