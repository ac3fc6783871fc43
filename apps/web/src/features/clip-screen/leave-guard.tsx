import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { KEEP_EDITING, LEAVE_ANYWAY, LEAVE_TITLE, leaveQuestion } from './draft-status.ts';
import type { DraftSaving } from './use-draft-sync.ts';

/**
 * Issue 31: Back (the browser's or the screen's), a link or the app's menu, while a change is not
 * saved yet, asks first; the save is pushed at once while the question shows. Once every change
 * is saved nothing is asked: the draft is kept.
 */
export function LeaveGuard({ saving }: { saving: DraftSaving }) {
  const { isUnsaved, flush } = saving;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isUnsaved() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked) void flush();
  }, [blocked, flush]);

  return (
    <Dialog
      open={blocked}
      onClose={() => blocker.reset?.()}
      aria-labelledby="leave-guard-title"
      aria-describedby="leave-guard-text"
    >
      <DialogTitle id="leave-guard-title">{LEAVE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-guard-text" aria-live="polite">
          {leaveQuestion(saving.status)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {KEEP_EDITING}
        </Button>
        <Button color="warning" onClick={() => blocker.proceed?.()}>
          {LEAVE_ANYWAY}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
