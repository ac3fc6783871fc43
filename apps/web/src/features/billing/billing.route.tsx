import { BillingPage } from './billing.page.tsx';

// SPEC 2.5: the /account/billing route module (lazy-loaded by the router).
export function Component() {
  return <BillingPage />;
}
