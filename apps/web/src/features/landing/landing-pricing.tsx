import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRICING_TIERS } from './landing-content.ts';

export function LandingPricing() {
  return (
    <Box
      component="section"
      id="pricing"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: '#eef0f8', scrollMarginTop: 64 }}
    >
      <Container maxWidth="md">
        <Box sx={{ textAlign: 'center' }}>
          <Typography variant="overline" color="primary">
            Pricing
          </Typography>
          <Typography variant="h2" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
            Simple plans, no surprises
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            Start free. Upgrade when Roughcut becomes part of your workflow.
          </Typography>
        </Box>
        <Box
          sx={{
            mt: 6,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {PRICING_TIERS.map((tier) => (
            <Card
              key={tier.name}
              component="article"
              aria-label={`${tier.name} plan`}
              sx={{
                p: 4,
                display: 'flex',
                flexDirection: 'column',
                ...(tier.highlighted && {
                  borderColor: 'primary.main',
                  borderWidth: 2,
                  boxShadow: '0 24px 48px -16px rgba(79, 70, 229, 0.35)',
                }),
              }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="h5" component="h3">
                  {tier.name}
                </Typography>
                {tier.highlighted ? (
                  <Chip label="Most popular" color="primary" size="small" />
                ) : null}
              </Stack>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {tier.blurb}
              </Typography>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', mt: 3 }}>
                <Typography sx={{ fontSize: '3rem', fontWeight: 800, letterSpacing: '-0.04em' }}>
                  {tier.price}
                </Typography>
                <Typography color="text.secondary">/month</Typography>
              </Stack>
              <Stack
                component="ul"
                spacing={1.5}
                sx={{ listStyle: 'none', p: 0, m: 0, mt: 3, mb: 4 }}
              >
                {tier.features.map((feature) => (
                  <Stack component="li" key={feature} direction="row" spacing={1.25}>
                    <CheckRounded color="primary" fontSize="small" sx={{ mt: '2px' }} />
                    <Typography>{feature}</Typography>
                  </Stack>
                ))}
              </Stack>
              <Button
                component={RouterLink}
                to="/signup"
                size="large"
                variant={tier.highlighted ? 'contained' : 'outlined'}
                sx={{ mt: 'auto' }}
              >
                {tier.button}
              </Button>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
