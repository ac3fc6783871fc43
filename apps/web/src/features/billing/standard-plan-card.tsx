import CheckRounded from '@mui/icons-material/CheckRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLANS, apiPaths } from '@roughcut/shared';
import type { BillingSummary } from '@roughcut/shared';
import { planFeatures } from '../../lib/plan.ts';
import { PostForm } from './post-form.tsx';

/** Why Buy plan is disabled on a server without card payments (issue 33). */
export const PAYMENTS_OFF_REASON = 'Card payments are not set up on this server';

/**
 * SPEC 2.5 and 9: the one plan card, Standard, with Buy plan. NOTE: without card payments the
 * button is disabled with the reason beside it: a press could start nothing.
 */
export function StandardPlanCard({ summary }: { summary: BillingSummary }) {
  const current = summary.subscription_type === 'standard';
  const reasonId = 'buy-plan-unavailable';
  return (
    <Card
      component="article"
      aria-label="Standard plan"
      sx={{
        p: { xs: 3, sm: 4 },
        display: 'flex',
        flexDirection: 'column',
        borderColor: 'primary.main',
        borderWidth: 2,
        boxShadow: '0 24px 48px -16px rgba(79, 70, 229, 0.3)',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {PLANS.standard.label}
        </Typography>
        {current ? <Chip label="Your plan" color="success" size="small" /> : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        For creators who publish every week.
      </Typography>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', mt: 2.5 }}>
        <Typography sx={{ fontSize: '2.75rem', fontWeight: 800, letterSpacing: '-0.04em' }}>
          ${PLANS.standard.pricePerMonthUsd}
        </Typography>
        <Typography color="text.secondary">per month</Typography>
      </Stack>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, mb: 3.5 }}>
        {planFeatures(PLANS.standard).map((feature) => (
          <Stack component="li" key={feature} direction="row" spacing={1.25}>
            <CheckRounded color="primary" fontSize="small" sx={{ mt: '2px' }} />
            <Typography>{feature}</Typography>
          </Stack>
        ))}
      </Stack>
      <Stack spacing={1} sx={{ mt: 'auto' }}>
        {current ? (
          <Button variant="outlined" size="large" disabled fullWidth>
            Your current plan
          </Button>
        ) : summary.payments_configured ? (
          <PostForm
            action={apiPaths.checkoutSession(summary.provider)}
            fields={{ plan: 'standard' }}
            label="Buy plan"
          />
        ) : (
          <Button variant="contained" size="large" fullWidth disabled aria-describedby={reasonId}>
            Buy plan
          </Button>
        )}
        {!current ? (
          <Typography
            variant="body2"
            color="text.secondary"
            id={summary.payments_configured ? undefined : reasonId}
            data-testid={summary.payments_configured ? undefined : 'buy-plan-reason'}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, justifyContent: 'center' }}
          >
            {summary.payments_configured ? (
              <LockOutlined sx={{ fontSize: 16 }} />
            ) : (
              <InfoOutlined sx={{ fontSize: 16 }} />
            )}
            {summary.payments_configured
              ? 'Secure card payment with Stripe. Cancel any time.'
              : PAYMENTS_OFF_REASON}
          </Typography>
        ) : null}
      </Stack>
    </Card>
  );
}
