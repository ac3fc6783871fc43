import { ENDPOINTS, PAYMENT_PROVIDER, updateUserRequestSchema } from '@roughcut/shared';
import type { UpdateUserRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Account and billing". Buy plan itself is a plain HTML form post, not a call
// from here (see features/billing/post-form.tsx).
export const accountApi = {
  getAccount: () => api.call(ENDPOINTS.account),
  getUser: () => api.call(ENDPOINTS.user),
  saveUser: (update: UpdateUserRequest) =>
    api.call(ENDPOINTS.saveUser, { body: updateUserRequestSchema.parse(update) }),
  requestEmailUpdate: (newEmail: string) =>
    api.call(ENDPOINTS.updateEmail, { params: { newEmail } }),
  confirmEmailUpdate: (code: string) =>
    api.call(ENDPOINTS.updateEmailConfirm, { params: { code } }),
  getBilling: () => api.call(ENDPOINTS.billing),
  lookUpCustomer: (sessionId: string) =>
    api.call(ENDPOINTS.customer, { params: { provider: PAYMENT_PROVIDER, sessionId } }),
};
