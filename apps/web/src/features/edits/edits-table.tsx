import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AutoJob } from '@roughcut/shared';
import { useState } from 'react';
import { EditRowMenu } from './edit-row-menu.tsx';
import type { OpenRowMenu, RowAction } from './edit-row-menu.tsx';
import { EditSteps } from './edit-steps.tsx';
import { EditsCards } from './edits-cards.tsx';
import { EditStatus } from './edit-status.tsx';
import { formatRelativeTime } from '../../lib/time.format.ts';

export type { RowAction } from './edit-row-menu.tsx';

type Props = {
  jobs: readonly AutoJob[];
  nowMs: number;
  onOpen: (job: AutoJob) => void;
  onAction: (job: AutoJob, action: RowAction) => void;
};

const fullDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();

/**
 * SPEC 2.6: Name, Steps, Status, Created, Last Updated and the row menu. Below the md breakpoint
 * the rows become cards: a table that wide would scroll sideways and hide its Status column.
 */
export function EditsTable({ jobs, nowMs, onOpen, onAction }: Props) {
  const [menu, setMenu] = useState<OpenRowMenu>(null);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const rowMenu = <EditRowMenu menu={menu} onClose={() => setMenu(null)} onAction={onAction} />;

  if (narrow) {
    return (
      <>
        <EditsCards
          jobs={jobs}
          nowMs={nowMs}
          onOpen={onOpen}
          onMenu={(anchor, job) => setMenu({ anchor, job })}
        />
        {rowMenu}
      </>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Video edits">
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
                <EditSteps job={job} />
              </TableCell>
              <TableCell>
                <EditStatus job={job} />
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
      {rowMenu}
    </TableContainer>
  );
}
