import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ANALYSIS_STAGES, RUN_STAGE_LABELS, runProgressView } from '@roughcut/shared';
import type { JobInstance, RunStage } from '@roughcut/shared';
import { percentOf } from './instance-progress.ts';

type StepState = 'done' | 'current' | 'next';

function StageStep({ label, state }: { label: string; state: StepState }) {
  const icon =
    state === 'done' ? (
      <CheckCircleRounded sx={{ fontSize: 18, color: 'success.main' }} />
    ) : state === 'current' ? (
      <CircularProgress size={14} thickness={6} sx={{ m: '2px' }} />
    ) : (
      <RadioButtonUncheckedRounded sx={{ fontSize: 18, color: 'text.disabled' }} />
    );
  return (
    <Box
      component="li"
      aria-current={state === 'current' ? 'step' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: state === 'next' ? 'text.secondary' : 'text.primary',
        fontWeight: state === 'current' ? 650 : 400,
        fontSize: 14,
      }}
    >
      {icon}
      {label}
    </Box>
  );
}

/** The analysis' stages with the ones done ticked; a render has only its own line. */
function AnalysisSteps({ stage }: { stage: RunStage }) {
  const at = ANALYSIS_STAGES.indexOf(stage);
  if (at < 0) return null;
  return (
    <Box
      component="ol"
      aria-label="Stages"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: '8px 20px' }}
    >
      {ANALYSIS_STAGES.map((name, i) => (
        <StageStep
          key={name}
          label={RUN_STAGE_LABELS[name]}
          state={i < at ? 'done' : i === at ? 'current' : 'next'}
        />
      ))}
    </Box>
  );
}

/**
 * Issue 33: the job page's body while a run processes. The spec's "Loading..." stays; beside it,
 * what the run is doing, how far it is and the time left.
 */
export function RunProgressPanel({ instance }: { instance: JobInstance }) {
  const view = runProgressView(instance);
  const percent = percentOf(instance.progress);
  return (
    <Paper
      variant="outlined"
      data-testid="run-progress"
      sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'grid', gap: 2.5, maxWidth: 760, mx: 'auto' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'text.secondary' }}>
        <CircularProgress size={16} />
        <Typography color="text.secondary">Loading...</Typography>
      </Box>
      {view ? (
        <>
          <Box
            role="status"
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <Typography variant="h6" component="h2" data-testid="run-stage">
              {view.stage}
            </Typography>
            {view.timeLeft ? (
              <Typography color="text.secondary" data-testid="run-time-left">
                {view.timeLeft}
              </Typography>
            ) : null}
          </Box>
          {percent !== null ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="Progress"
                sx={{ flexGrow: 1, height: 8, borderRadius: 999 }}
              />
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40, textAlign: 'right' }}
              >
                {percent}%
              </Typography>
            </Box>
          ) : null}
          {instance.stage ? <AnalysisSteps stage={instance.stage} /> : null}
        </>
      ) : null}
    </Paper>
  );
}
