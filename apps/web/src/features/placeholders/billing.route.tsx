import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import { useAccount } from '../../api/account.queries.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { describeSubscription } from '../../lib/plan.ts';
import { ComingSoonCard } from './coming-soon-card.tsx';

// Placeholder until the billing issue replaces it (SPEC section 2.5 /account/billing).
export function Component() {
  const account = useAccount();
  const plan = account.data ? describeSubscription(account.data.subscription_type) : '…';
  return (
    <>
      <PageHeader title="Subscriptions" subtitle={`Current plan: ${plan}`} />
      <ComingSoonCard
        icon={<CreditCardOutlined />}
        title="Plans and payments"
        text="Upgrading to the Standard plan will be available here."
      />
    </>
  );
}
