import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { SignedInTopBar } from './signed-in-top-bar.tsx';

/** Frame of every signed-in screen (inside the session guard). */
export function SignedInLayout() {
  // NOTE: the unconfirmed e-mail notice lives on /edits, in the spec's words (SPEC 2.6).
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SignedInTopBar />
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
