import {
  PAYMENT_PROVIDER,
  accountResponseSchema,
  apiPaths,
  billingSummarySchema,
  customerResponseSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from '@roughcut/shared';
import type { UpdateUserRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Account and billing". Buy plan itself is a plain HTML form post, not a call
// from here (see features/billing/plan-form.tsx).
const segment = (value: string) => encodeURIComponent(value);

export const accountApi = {
  getAccount: () => api.get('/api/manage/account', { schema: accountResponseSchema }),
  getUser: () => api.get('/api/manage/user', { schema: userResponseSchema }),
  saveUser: (update: UpdateUserRequest) =>
    api.post('/api/manage/user', updateUserRequestSchema.parse(update)),
  requestEmailUpdate: (newEmail: string) => api.post(`/api/updateemail/${segment(newEmail)}`),
  confirmEmailUpdate: (code: string) => api.post(`/api/updateemail/${segment(code)}/confirm`),
  getBilling: () => api.get(apiPaths.billing(), { schema: billingSummarySchema }),
  lookUpCustomer: (sessionId: string) =>
    api.post(apiPaths.customer(PAYMENT_PROVIDER, sessionId), undefined, {
      schema: customerResponseSchema,
    }),
};
