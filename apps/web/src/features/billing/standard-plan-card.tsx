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

/** SPEC 2.5 and 9: the one plan card, Standard, with Buy plan. */
export function StandardPlanCard({
  summary,
  onNotConfigured,
}: {
  summary: BillingSummary;
  /** Buy plan on a server without payments explains instead of posting. */
  onNotConfigured: () => void;
}) {
  const current = summary.subscription_type === 'standard';
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
          <Button variant="contained" size="large" fullWidth onClick={onNotConfigured}>
            Buy plan
          </Button>
        )}
        {!current ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, justifyContent: 'center' }}
          >
            {summary.payments_configured ? (
              <LockOutlined sx={{ fontSize: 16 }} />
            ) : (
              <InfoOutlined sx={{ fontSize: 16 }} />
            )}
            {summary.payments_configured
              ? 'Secure card payment with Stripe. Cancel any time.'
              : 'Payments are not configured on this server.'}
          </Typography>
        ) : null}
      </Stack>
    </Card>
  );
}
