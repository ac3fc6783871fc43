import {
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
} from '@roughcut/shared';
import type { LoginRequest, RegisterRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Authentication and registration". Success bodies are not shown by the spec,
// so they are not parsed: a 2xx is the success signal.
const segment = (value: string) => encodeURIComponent(value);

export const authApi = {
  attemptLogin: (signal?: AbortSignal) =>
    api.get('/api/auth/attemptlogin', signal ? { signal } : {}),
  login: (request: LoginRequest) => api.post('/api/auth/login', loginRequestSchema.parse(request)),
  logout: () => api.get('/api/auth/logout'),
  register: (request: RegisterRequest) =>
    api.post('/api/register', registerRequestSchema.parse(request)),
  confirmRegistration: (code: string) => api.post(`/api/register/${segment(code)}/confirm`),
  requestPasswordReset: (emailOrUsername: string) =>
    api.post(`/api/resetpassword/${segment(emailOrUsername)}`),
  confirmPasswordReset: (code: string, password: string) =>
    api.post(
      `/api/resetpassword/${segment(code)}/confirm`,
      resetPasswordConfirmRequestSchema.parse({ password }),
    ),
};
