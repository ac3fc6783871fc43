import { BillingCancelledPage } from './billing-cancelled.page.tsx';

// SPEC 2.5: the /account/billing/cancelled route module (lazy-loaded by the router).
export function Component() {
  return <BillingCancelledPage />;
}
