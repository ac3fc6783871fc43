import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AutoJob } from '@roughcut/shared';
import { EditSteps } from './edit-steps.tsx';
import { EditStatus } from './edit-status.tsx';
import { formatRelativeTime } from '../../lib/time.format.ts';

type Props = {
  jobs: readonly AutoJob[];
  nowMs: number;
  onOpen: (job: AutoJob) => void;
  onMenu: (anchor: HTMLElement, job: AutoJob) => void;
};

/**
 * SPEC 2.6 on a narrow screen: each row of the table as a card, every column kept (name, status,
 * steps, created, last updated) and the row menu at its corner, so nothing scrolls sideways.
 */
export function EditsCards({ jobs, nowMs, onOpen, onMenu }: Props) {
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-label="Video edits"
      sx={{ listStyle: 'none', m: 0, p: 0, overflow: 'hidden' }}
    >
      {jobs.map((job) => (
        <Box
          component="li"
          key={job.id}
          data-testid="edit-row"
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            borderBottom: '1px solid',
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <ButtonBase
            onClick={() => onOpen(job)}
            sx={{
              flexGrow: 1,
              minWidth: 0,
              display: 'grid',
              justifyItems: 'start',
              gap: 1,
              py: 2,
              pl: 2,
              pr: 0.5,
              textAlign: 'left',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{job.name}</Typography>
            <EditStatus job={job} />
            <EditSteps job={job} />
            <Typography variant="caption" color="text.secondary">
              Created {formatRelativeTime(job.created_at, nowMs)} · Last updated{' '}
              {formatRelativeTime(job.last_updated_at, nowMs)}
            </Typography>
          </ButtonBase>
          <IconButton
            aria-label={`Actions for ${job.name}`}
            onClick={(event) => onMenu(event.currentTarget, job)}
            sx={{ m: 1 }}
          >
            <MoreVertRounded />
          </IconButton>
        </Box>
      ))}
    </Paper>
  );
}
