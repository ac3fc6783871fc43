import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../api/account.queries.ts';
import { AuthShell } from './auth-shell.tsx';
import { GENERIC_FAILURE } from '../lib/auth-messages.ts';

type CodeConfirmationProps = {
  /** Distinguishes the kinds of code so their results never share a cache entry. */
  kind: string;
  code: string;
  confirm: (code: string) => Promise<unknown>;
  title: string;
  pendingText: string;
  successText: string;
  failureText: string;
  /** Links shown under the result; by default where to go next (ConfirmationNextStep). */
  actions?: ReactNode;
};

/**
 * Where a confirmation link leads on: a signed-in user to their edits, anyone else to the login
 * (issue 33: "Go to login" to someone already signed in reads as if they had been signed out).
 */
export function ConfirmationNextStep() {
  const session = useSession();
  if (session.isPending) return null;
  return session.data ? (
    <Button component={RouterLink} to="/edits" variant="contained" size="large">
      Go to your edits
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" size="large">
      Go to login
    </Button>
  );
}

/**
 * Runs a single-use code confirmation exactly once. NOTE: a query, not an effect, so React's
 * double-invoked effects and remounts never post the same code twice (the second post would
 * fail as "already used").
 */
export function CodeConfirmation(props: CodeConfirmationProps) {
  const result = useQuery({
    queryKey: ['code-confirmation', props.kind, props.code],
    queryFn: async () => {
      await props.confirm(props.code);
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { errorAlert: GENERIC_FAILURE },
  });

  return (
    <AuthShell title={props.title}>
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        {result.isPending ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography variant="h6" component="p">
              {props.pendingText}
            </Typography>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {result.isSuccess ? (
              <CheckCircleRounded color="success" sx={{ fontSize: 32 }} />
            ) : (
              <ErrorOutlineRounded color="error" sx={{ fontSize: 32 }} />
            )}
            <Typography variant="h6" component="p" role="status">
              {result.isSuccess ? props.successText : props.failureText}
            </Typography>
          </Stack>
        )}
        {result.isPending ? null : <Box>{props.actions ?? <ConfirmationNextStep />}</Box>}
      </Stack>
    </AuthShell>
  );
}
