// The billing module's one public entry: other modules import from here only.
export { billingModule } from './billing.routes.ts';
export { findPlanAccount, spendEdit } from './plan.repository.ts';
export { assertUploadFits, reserveUploadRoom } from './storage-quota.ts';
export { assertCanStartEdit } from './edit-allowance.ts';
