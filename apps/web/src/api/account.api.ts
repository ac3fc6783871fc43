import {
  accountResponseSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from '@roughcut/shared';
import type { UpdateUserRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Account and billing" (the checkout calls arrive with the billing screens).
const segment = (value: string) => encodeURIComponent(value);

export const accountApi = {
  getAccount: () => api.get('/api/manage/account', { schema: accountResponseSchema }),
  getUser: () => api.get('/api/manage/user', { schema: userResponseSchema }),
  saveUser: (update: UpdateUserRequest) =>
    api.post('/api/manage/user', updateUserRequestSchema.parse(update)),
  requestEmailUpdate: (newEmail: string) => api.post(`/api/updateemail/${segment(newEmail)}`),
  confirmEmailUpdate: (code: string) => api.post(`/api/updateemail/${segment(code)}/confirm`),
};
