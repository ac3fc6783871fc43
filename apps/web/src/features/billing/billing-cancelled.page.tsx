import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ResultCard } from './result-card.tsx';

/** /account/billing/cancelled: the user left the provider's checkout without paying. */
export function BillingCancelledPage() {
  return (
    <>
      <PageHeader title="Subscriptions" />
      <ResultCard
        icon={<RemoveShoppingCartOutlined />}
        tone="neutral"
        actions={
          <>
            <Button component={RouterLink} to="/account/billing" variant="contained" size="large">
              Back to billing
            </Button>
            <Button component={RouterLink} to="/edits" size="large">
              Go to video edits
            </Button>
          </>
        }
      >
        <Typography variant="h4" component="h2">
          Checkout cancelled
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          Nothing was charged and your plan has not changed. You can buy the Standard plan from the
          billing page whenever you are ready.
        </Typography>
      </ResultCard>
    </>
  );
}
