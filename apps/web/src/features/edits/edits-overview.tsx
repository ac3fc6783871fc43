import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TONE_COLORS } from '../../components/status-tone.tsx';
import {
  OVERVIEW_FILTERS,
  OVERVIEW_LABELS,
  type OverviewCounts,
  type OverviewFilter,
} from '../../lib/job-list.rules.ts';
import type { Tone } from '../../lib/status-labels.rules.ts';

const FILTER_TONES: Record<OverviewFilter, Tone> = {
  running: 'blue',
  finished: 'green',
  'awaiting-confirmation': 'yellow',
  failures: 'red',
};

type Props = {
  counts: OverviewCounts;
  active: readonly OverviewFilter[];
  onToggle: (filter: OverviewFilter) => void;
};

/** SPEC 2.6: the overview box; each count toggles a status filter, active ones show as chips. */
export function EditsOverview({ counts, active, onToggle }: Props) {
  return (
    <Box sx={{ mb: 3 }}>
      <Paper
        variant="outlined"
        aria-label="Overview"
        component="section"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          overflow: 'hidden',
        }}
      >
        {OVERVIEW_FILTERS.map((filter, index) => {
          const selected = active.includes(filter);
          const colors = TONE_COLORS[FILTER_TONES[filter]];
          return (
            <ButtonBase
              key={filter}
              onClick={() => onToggle(filter)}
              aria-pressed={selected}
              data-testid={`overview-${filter}`}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                px: { xs: 2, sm: 3 },
                py: { xs: 1.75, sm: 2.25 },
                textAlign: 'left',
                borderLeft: { md: index === 0 ? 'none' : '1px solid' },
                borderColor: { md: 'divider' },
                bgcolor: selected ? colors.bg : 'transparent',
                transition: 'background-color 120ms',
                '&:hover': { bgcolor: selected ? colors.bg : 'action.hover' },
              }}
            >
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: selected ? colors.fg : 'text.secondary' }}
              >
                {OVERVIEW_LABELS[filter]}
              </Typography>
              <Typography
                variant="h4"
                component="span"
                sx={{ mt: 0.5, color: selected ? colors.fg : 'text.primary' }}
              >
                {counts[filter]}
              </Typography>
            </ButtonBase>
          );
        })}
      </Paper>
      {active.length > 0 ? (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}
          aria-label="Active filters"
        >
          {active.map((filter) => (
            <Chip
              key={filter}
              label={OVERVIEW_LABELS[filter]}
              onDelete={() => onToggle(filter)}
              size="small"
              sx={{
                color: TONE_COLORS[FILTER_TONES[filter]].fg,
                bgcolor: TONE_COLORS[FILTER_TONES[filter]].bg,
              }}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
