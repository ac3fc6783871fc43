import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { HEADLINE, TAGLINE } from './landing-content.ts';

export function LandingHero() {
  return (
    <Box
      component="header"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: 6, md: 10 },
        pb: { xs: 8, md: 12 },
        background:
          'radial-gradient(1100px 500px at 85% -10%, rgba(124, 58, 237, 0.16), transparent 60%), radial-gradient(800px 400px at -10% 20%, rgba(79, 70, 229, 0.12), transparent 60%)',
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          }}
        >
          <Box>
            <Chip
              label="Rough edits in minutes, not hours"
              color="primary"
              variant="outlined"
              sx={{ mb: 3, bgcolor: 'rgba(79, 70, 229, 0.06)' }}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '2.6rem', sm: '3.4rem', lg: '4rem' } }}>
              {HEADLINE}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ mt: 3, fontWeight: 400, lineHeight: 1.6, maxWidth: 520 }}
            >
              {TAGLINE}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button
                component={RouterLink}
                to="/signup"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardRounded />}
              >
                Get started
              </Button>
              <Button href="#pricing" size="large" color="inherit">
                See pricing
              </Button>
            </Stack>
          </Box>
          <Box
            component="img"
            src="/app-screenshot.svg"
            alt="The Roughcut editor: a video with subtitles, its clips and a speech-gap timeline"
            sx={{
              width: '100%',
              borderRadius: 4,
              border: '1px solid rgba(15, 23, 42, 0.08)',
              boxShadow:
                '0 40px 80px -20px rgba(49, 46, 129, 0.35), 0 8px 24px rgba(15, 23, 42, 0.08)',
            }}
          />
        </Box>
      </Container>
    </Box>
  );
}
