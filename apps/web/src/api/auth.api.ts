import {
  ENDPOINTS,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
} from '@roughcut/shared';
import type { LoginRequest, RegisterRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Authentication and registration".
export const authApi = {
  attemptLogin: (signal?: AbortSignal) =>
    api.call(ENDPOINTS.attemptLogin, { ...(signal && { signal }) }),
  login: (request: LoginRequest) =>
    api.call(ENDPOINTS.login, { body: loginRequestSchema.parse(request) }),
  logout: () => api.call(ENDPOINTS.logout),
  register: (request: RegisterRequest) =>
    api.call(ENDPOINTS.register, { body: registerRequestSchema.parse(request) }),
  confirmRegistration: (code: string) => api.call(ENDPOINTS.registerConfirm, { params: { code } }),
  requestPasswordReset: (emailOrUsername: string) =>
    api.call(ENDPOINTS.resetPasswordRequest, { params: { emailOrUsername } }),
  confirmPasswordReset: (code: string, password: string) =>
    api.call(ENDPOINTS.resetPasswordConfirm, {
      params: { code },
      body: resetPasswordConfirmRequestSchema.parse({ password }),
    }),
};
