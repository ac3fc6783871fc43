import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { CUSTOMER_LOAD_ERROR, billingQuery, customerQuery } from '../../api/account.queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ResultCard } from './result-card.tsx';
import { planActivation } from './plan-activation.ts';

const POLL_MS = 2000;

/**
 * /account/billing/success?session_id=… (SPEC 2.5): "Thank you for your purchase" and the
 * customer's name. The plan itself changes only when the provider's webhook arrives, so the page
 * waits for it and says so.
 */
export function BillingSuccessPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const queryClient = useQueryClient();
  const customer = useQuery({ ...customerQuery(sessionId), enabled: sessionId !== '' });
  const billing = useQuery({
    ...billingQuery,
    enabled: sessionId !== '',
    refetchInterval: (query) =>
      planActivation(query.state.data, query.state.dataUpdateCount) === 'waiting' ? POLL_MS : false,
  });
  const polls = queryClient.getQueryState(queryKeys.billing)?.dataUpdateCount ?? 0;
  const activation = planActivation(billing.data, polls);

  useEffect(() => {
    if (activation === 'active')
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  }, [activation, queryClient]);

  const actions = (
    <>
      <Button component={RouterLink} to="/edits" variant="contained" size="large">
        Start editing
      </Button>
      <Button component={RouterLink} to="/account/billing" size="large">
        Back to billing
      </Button>
    </>
  );

  if (sessionId === '' || customer.isError) {
    return (
      <>
        <PageHeader title="Subscriptions" />
        <ResultCard icon={<ErrorOutlineRounded />} tone="neutral" actions={actions}>
          <Typography variant="h4" component="h2">
            We could not find this purchase
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {sessionId === ''
              ? 'This page shows a purchase when you come back from checkout, and there is none to show.'
              : describeError(customer.error, CUSTOMER_LOAD_ERROR)}
          </Typography>
        </ResultCard>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Subscriptions" />
      <ResultCard icon={<CheckCircleOutlineRounded />} tone="success" actions={actions}>
        <Typography variant="h4" component="h2">
          Thank you for your purchase
        </Typography>
        {customer.data ? (
          <Typography variant="h5" component="p" sx={{ mt: 1 }} data-testid="customer-name">
            {customer.data.name}
          </Typography>
        ) : (
          <Skeleton width={200} height={40} sx={{ mx: 'auto', mt: 1 }} />
        )}
        {activation === 'active' ? (
          <Alert severity="success" sx={{ mt: 3, textAlign: 'left' }} data-testid="plan-status">
            Your Standard plan is active: unlimited edits and 10GB of storage.
          </Alert>
        ) : activation === 'waiting' ? (
          <Alert
            severity="info"
            icon={<CircularProgress size={20} />}
            sx={{ mt: 3, textAlign: 'left' }}
            data-testid="plan-status"
          >
            Activating your Standard plan. This takes a few seconds.
          </Alert>
        ) : (
          <Alert severity="info" sx={{ mt: 3, textAlign: 'left' }} data-testid="plan-status">
            Your payment went through. Your plan switches to Standard as soon as our payment
            provider confirms it; you can leave this page.
          </Alert>
        )}
      </ResultCard>
    </>
  );
}
