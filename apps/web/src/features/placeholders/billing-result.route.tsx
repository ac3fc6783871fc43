import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoonCard } from './coming-soon-card.tsx';

// Placeholder for /account/billing/success and /cancelled until the billing issue replaces it.
export function Component() {
  const cancelled = useLocation().pathname.endsWith('/cancelled');
  return (
    <>
      <PageHeader title="Subscriptions" subtitle={cancelled ? 'Checkout cancelled' : 'Checkout'} />
      <ComingSoonCard
        icon={<ReceiptLongOutlined />}
        title={cancelled ? 'Checkout cancelled' : 'Checkout'}
        text="The result of your checkout will be shown here."
      />
    </>
  );
}
