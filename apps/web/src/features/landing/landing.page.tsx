import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brandGradient } from '../../components/theme.ts';
import { BrandMark } from '../../components/brand-logo.tsx';
import { CLOSING_CTA } from './landing-content.ts';
import { LandingFeatures } from './landing-features.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingPricing } from './landing-pricing.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';

function ClosingCallToAction() {
  return (
    <Box component="section" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 6,
            px: { xs: 3, md: 8 },
            py: { xs: 6, md: 9 },
            textAlign: 'center',
            color: '#fff',
            background: brandGradient,
            boxShadow: '0 40px 80px -30px rgba(79, 70, 229, 0.6)',
          }}
        >
          <Typography
            variant="h2"
            sx={{ fontSize: { xs: '1.9rem', md: '2.75rem' }, maxWidth: 760, mx: 'auto' }}
          >
            {CLOSING_CTA}
          </Typography>
          <Button
            component={RouterLink}
            to="/signup"
            size="large"
            variant="contained"
            endIcon={<ArrowForwardRounded />}
            sx={{
              mt: 4,
              bgcolor: '#fff',
              color: 'primary.dark',
              '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' },
            }}
          >
            Get started now
          </Button>
        </Box>
      </Container>
    </Box>
  );
}

/** /landing (SPEC section 2.2). */
export function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <LandingTopBar />
      <Box component="main">
        <LandingHero />
        <LandingFeatures />
        <LandingPricing />
        <ClosingCallToAction />
      </Box>
      <Box component="footer" sx={{ borderTop: '1px solid', borderColor: 'divider', py: 4 }}>
        <Container maxWidth="lg">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <BrandMark size={22} />
            <Typography variant="body2" color="text.secondary">
              © {new Date().getFullYear()} Roughcut. Rough edits, minus the tedious parts.
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
