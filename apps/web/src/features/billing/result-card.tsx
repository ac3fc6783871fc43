import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** The checkout result screens' frame: a big icon, the message, and where to go next. */
export function ResultCard({
  icon,
  tone,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: 'success' | 'neutral';
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card sx={{ py: { xs: 5, sm: 8 }, px: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 3,
          borderRadius: '22px',
          display: 'grid',
          placeItems: 'center',
          color: tone === 'success' ? 'success.main' : 'text.secondary',
          bgcolor: tone === 'success' ? 'rgba(5, 150, 105, 0.1)' : 'rgba(15, 23, 42, 0.06)',
          '& svg': { fontSize: 38 },
        }}
      >
        {icon}
      </Box>
      <Box sx={{ maxWidth: 520, mx: 'auto' }}>{children}</Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 4, justifyContent: 'center' }}
      >
        {actions}
      </Stack>
    </Card>
  );
}
