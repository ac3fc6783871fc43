import {
  apiPaths,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
} from '@roughcut/shared';
import type { LoginRequest, RegisterRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Authentication and registration". Success bodies are not shown by the spec,
// so they are not parsed: a 2xx is the success signal.
export const authApi = {
  attemptLogin: (signal?: AbortSignal) =>
    api.get(apiPaths.attemptLogin(), signal ? { signal } : {}),
  login: (request: LoginRequest) => api.post(apiPaths.login(), loginRequestSchema.parse(request)),
  logout: () => api.get(apiPaths.logout()),
  register: (request: RegisterRequest) =>
    api.post(apiPaths.register(), registerRequestSchema.parse(request)),
  confirmRegistration: (code: string) => api.post(apiPaths.registerConfirm(code)),
  requestPasswordReset: (emailOrUsername: string) =>
    api.post(apiPaths.resetPasswordRequest(emailOrUsername)),
  confirmPasswordReset: (code: string, password: string) =>
    api.post(
      apiPaths.resetPasswordConfirm(code),
      resetPasswordConfirmRequestSchema.parse({ password }),
    ),
};
