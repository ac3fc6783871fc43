import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { STEP_LABELS, formatRelativeTime, listStatusLabel } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { useState } from 'react';
import { StatusPill } from './status-tone.tsx';

export type RowAction = 'add-step' | 'delete-step' | 'rename' | 'delete';

type Props = {
  jobs: readonly AutoJob[];
  nowMs: number;
  onOpen: (job: AutoJob) => void;
  onAction: (job: AutoJob, action: RowAction) => void;
};

const fullDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();

/** SPEC 2.6: Name, Steps, Status, Created, Last Updated and the row menu. */
export function EditsTable({ jobs, nowMs, onOpen, onAction }: Props) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; job: AutoJob } | null>(null);
  const choose = (action: RowAction) => {
    if (menu) onAction(menu.job, action);
    setMenu(null);
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Video edits" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow
            sx={{
              '& th': { fontWeight: 600, color: 'text.secondary', bgcolor: '#f8fafc', py: 1.25 },
            }}
          >
            <TableCell>Name</TableCell>
            <TableCell>Steps</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last Updated</TableCell>
            <TableCell align="right" sx={{ width: 56 }}>
              <Box component="span" sx={{ position: 'absolute', left: -9999 }}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow
              key={job.id}
              hover
              onClick={() => onOpen(job)}
              data-testid="edit-row"
              sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
            >
              <TableCell sx={{ fontWeight: 600, maxWidth: 280, overflowWrap: 'anywhere' }}>
                {job.name}
              </TableCell>
              <TableCell>
                {job.steps.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" component="span">
                    No steps
                  </Typography>
                ) : (
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
                )}
              </TableCell>
              <TableCell>
                <StatusPill label={listStatusLabel(job)} />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                <Tooltip title={fullDate(job.created_at)}>
                  <span>{formatRelativeTime(job.created_at, nowMs)}</span>
                </Tooltip>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                <Tooltip title={fullDate(job.last_updated_at)}>
                  <span>{formatRelativeTime(job.last_updated_at, nowMs)}</span>
                </Tooltip>
              </TableCell>
              <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                <IconButton
                  aria-label={`Actions for ${job.name}`}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, job })}
                >
                  <MoreVertRounded />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu
        anchorEl={menu?.anchor ?? null}
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => choose('add-step')}>Add Step</MenuItem>
        {menu && menu.job.steps.length > 0 ? (
          <MenuItem onClick={() => choose('delete-step')}>Delete Step</MenuItem>
        ) : null}
        <MenuItem onClick={() => choose('rename')}>Rename</MenuItem>
        <MenuItem onClick={() => choose('delete')} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </TableContainer>
  );
}
