import { BillingSuccessPage } from './billing-success.page.tsx';

// SPEC 2.5: the /account/billing/success route module (lazy-loaded by the router).
export function Component() {
  return <BillingSuccessPage />;
}
