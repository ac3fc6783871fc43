import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { usagePercent } from '../../lib/plan.ts';

type UsageMeterProps = {
  label: string;
  /** e.g. "1.2 GB of 2 GB used"; without `used` the meter shows no bar (unlimited). */
  summary: string;
  used?: number;
  limit?: number;
  hint?: string;
};

/** One line of usage against the plan: a label, the figures and a bar that warns when nearly full. */
export function UsageMeter({ label, summary, used, limit, hint }: UsageMeterProps) {
  const bar = used !== undefined && limit !== undefined;
  const percent = bar ? usagePercent(used, limit) : 0;
  const tone = percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary';
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography color="text.secondary">{summary}</Typography>
      </Box>
      {bar ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          color={tone}
          aria-label={`${label}: ${summary}`}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      ) : null}
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}
