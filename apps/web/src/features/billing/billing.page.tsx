import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { billingQuery } from '../../api/account.queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { checkoutProblemNote } from './checkout-problem.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { StandardPlanCard } from './standard-plan-card.tsx';

const NOT_CONFIGURED_TITLE = 'Payments are not configured on this server';

/** /account/billing, "Subscriptions" (SPEC 2.5): the current plan, usage and the Standard card. */
export function BillingPage() {
  const billing = useQuery(billingQuery);
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const problem = checkoutProblemNote(search);

  useEffect(() => {
    // NOTE: the top bar's notice reads the account; keep it in step with this page's figures.
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  }, [queryClient, billing.dataUpdatedAt]);

  const dismissProblem = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Subscriptions" subtitle="Your plan, what you have used, and upgrades." />
      <Stack spacing={3}>
        {problem ? (
          <Alert severity="warning" onClose={dismissProblem} data-testid="checkout-problem">
            {problem}
          </Alert>
        ) : null}
        {billing.data && !billing.data.payments_configured ? (
          <Alert severity="info" data-testid="payments-not-configured">
            <AlertTitle>{NOT_CONFIGURED_TITLE}</AlertTitle>
            Plans cannot be bought here. The person who runs this server can set your plan.
          </Alert>
        ) : null}
        {billing.data ? (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            <CurrentPlanCard summary={billing.data} />
            <StandardPlanCard summary={billing.data} />
          </Box>
        ) : billing.isError ? (
          <Card>
            <CardContent sx={{ p: 4 }}>
              <Typography color="text.secondary">
                Your plan could not be loaded. Reload the page to try again.
              </Typography>
            </CardContent>
          </Card>
        ) : (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Skeleton variant="rounded" height={380} />
            <Skeleton variant="rounded" height={380} />
          </Box>
        )}
      </Stack>
    </>
  );
}
