import CloudDoneRounded from '@mui/icons-material/CloudDoneRounded';
import CloudSyncRounded from '@mui/icons-material/CloudSyncRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DraftSyncStatus } from './draft-sync.ts';
import { DISCARD_DRAFT, DRAFT_RESTORED, draftStatusLine } from './draft-status.ts';

/**
 * Issue 31: where the saving stands while it goes well ("Saving draft…", "Draft saved"), in a
 * quiet line; nothing before the first change.
 */
export function DraftSaveState({ status }: { status: DraftSyncStatus }) {
  const line = draftStatusLine(status);
  if (line?.tone !== 'quiet') return null;
  return (
    <Typography
      variant="body2"
      aria-live="polite"
      data-testid="draft-save-state"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
    >
      {status.kind === 'saved' ? (
        <CloudDoneRounded fontSize="inherit" />
      ) : (
        <CloudSyncRounded fontSize="inherit" />
      )}
      {line.text}
    </Typography>
  );
}

type Props = {
  /** The screen opened with the user's draft. */
  restored: boolean;
  status: DraftSyncStatus;
  discarding: boolean;
  onDiscard: () => void;
  onRetry: () => void;
};

/**
 * Issue 31: "Draft restored · Discard draft" when the screen opened with the user's draft, and a
 * failed save: a warning (with Retry now) while it is tried again, an error when refused.
 */
export function DraftBar({ restored, status, discarding, onDiscard, onRetry }: Props) {
  const line = draftStatusLine(status);
  const problem = line !== null && line.tone !== 'quiet' ? line : null;
  if (!restored && problem === null) return null;
  return (
    <Box data-testid="draft-bar" sx={{ display: 'grid', gap: 1 }}>
      {restored ? (
        <Alert
          severity="info"
          variant="outlined"
          icon={<HistoryRounded fontSize="inherit" />}
          action={
            <Button color="inherit" size="small" disabled={discarding} onClick={onDiscard}>
              {DISCARD_DRAFT}
            </Button>
          }
          sx={{ alignItems: 'center', py: 0, '& .MuiAlert-action': { pt: 0 } }}
        >
          <Box component="strong" sx={{ fontWeight: 650 }}>
            {DRAFT_RESTORED}
          </Box>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {' · your unconfirmed changes are back'}
          </Box>
        </Alert>
      ) : null}
      {problem ? (
        <Alert
          severity={problem.tone === 'error' ? 'error' : 'warning'}
          action={
            status.kind === 'retrying' ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry now
              </Button>
            ) : undefined
          }
        >
          {problem.text}
        </Alert>
      ) : null}
    </Box>
  );
}
