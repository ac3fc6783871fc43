import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { runProgressView } from '@roughcut/shared';
import type { JobInstance } from '@roughcut/shared';
import { PulsingDot, TONE_COLORS } from '../../components/status-tone.tsx';
import { processingText } from './instance-progress.ts';
import { instanceStatusDisplay } from '../../lib/status-labels.rules.ts';

/**
 * SPEC 4.1: the job-instance indicator of the job page's top bar; beside it while the run
 * processes (issue 33), its stage and time left.
 */
export function InstanceIndicator({ instance }: { instance: JobInstance }) {
  const display = instanceStatusDisplay(instance);
  const colors = TONE_COLORS[display.tone];
  const running = display.text === 'Processing...';
  const view = running ? runProgressView(instance) : null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
      {view ? (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="instance-stage"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {view.stage}
          {view.timeLeft ? ` · ${view.timeLeft}` : ''}
        </Typography>
      ) : null}
      <Box
        role="status"
        data-testid="instance-indicator"
        data-tone={display.tone}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.75,
          borderRadius: 999,
          bgcolor: colors.bg,
          color: colors.fg,
          whiteSpace: 'nowrap',
        }}
      >
        {running ? <PulsingDot /> : null}
        <Typography
          variant="body2"
          component="span"
          sx={{ fontWeight: 650, fontVariantNumeric: 'tabular-nums' }}
        >
          {processingText(display.text, instance.progress)}
        </Typography>
      </Box>
    </Box>
  );
}
