import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { useUser } from '../api/account.queries.ts';
import { SignedInTopBar } from './signed-in-top-bar.tsx';

/** Frame of every signed-in screen (inside the session guard). */
export function SignedInLayout() {
  const user = useUser();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SignedInTopBar />
      {user.data && !user.data.email_confirmed ? (
        <Alert
          severity="info"
          square
          sx={{ justifyContent: 'center' }}
          data-testid="confirm-notice"
        >
          Please confirm your email address: we sent a confirmation link to {user.data.email}.
        </Alert>
      ) : null}
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
