import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brandGradient } from './theme.ts';
import { BrandButton } from './brand-logo.tsx';

type AuthShellProps = { title: string; subtitle?: ReactNode; children: ReactNode };

const highlights = [
  'Silences removed automatically',
  'AI subtitles in any style',
  'Vertical clips from one long video',
];

/** Two-pane frame of the public account screens: the form, and the product beside it. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(440px, 1fr) 1fr' },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', p: { xs: 3, sm: 5 } }}>
        <Box>
          <BrandButton />
        </Box>
        <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', py: 6 }}>
          <Box sx={{ width: '100%', maxWidth: 400 }}>
            <Typography variant="h4" component="h1">
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {subtitle}
              </Typography>
            ) : null}
            <Box sx={{ mt: 4 }}>{children}</Box>
          </Box>
        </Box>
      </Box>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 4,
          p: 8,
          color: '#fff',
          background: brandGradient,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Typography variant="h3" component="p" sx={{ maxWidth: 520 }}>
          Rough edits, minus the tedious parts.
        </Typography>
        <Stack spacing={1.5}>
          {highlights.map((text) => (
            <Stack key={text} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CheckCircleRounded sx={{ opacity: 0.9 }} />
              <Typography sx={{ fontWeight: 500 }}>{text}</Typography>
            </Stack>
          ))}
        </Stack>
        <Box
          component="img"
          src="/app-screenshot.svg"
          alt=""
          sx={{
            width: '115%',
            maxWidth: 760,
            borderRadius: 3,
            boxShadow: '0 30px 60px rgba(15, 23, 42, 0.35)',
            mt: 2,
          }}
        />
      </Box>
    </Box>
  );
}
