import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  number: number;
  title: string;
  children: ReactNode;
};

/** One numbered step of the create panel (SPEC 2.7): a round number badge beside its title. */
export function NumberedSection({ number, title, children }: Props) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 14,
            flexShrink: 0,
          }}
        >
          {number}
        </Box>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
      </Box>
      <Box sx={{ pl: { sm: 5.5 } }}>{children}</Box>
    </Box>
  );
}
