// SPEC 7 "Authentication and registration": signing in and out, registering, resetting a password.
import {
  codeParamSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
  resetPasswordRequestParamSchema,
  sessionUserResponseSchema,
} from './auth.contract.ts';
import { okResponseSchema } from './common.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';

const user = 'user' as const;
const pub = 'public' as const;

export const AUTH_ENDPOINTS = {
  attemptLogin: endpoint({
    method: 'GET',
    path: '/api/auth/attemptlogin',
    auth: user,
    sessionOnly: true,
    response: sessionUserResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    auth: pub,
    body: loginRequestSchema,
    response: sessionUserResponseSchema,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    auth: pub,
    changesState: true,
    response: okResponseSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    auth: pub,
    body: registerRequestSchema,
    response: okResponseSchema,
  }),
  registerConfirm: endpoint({
    method: 'POST',
    path: '/api/register/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    response: okResponseSchema,
  }),
  resetPasswordRequest: endpoint({
    method: 'POST',
    path: '/api/resetpassword/:emailOrUsername',
    auth: pub,
    params: resetPasswordRequestParamSchema,
    response: okResponseSchema,
  }),
  resetPasswordConfirm: endpoint({
    method: 'POST',
    path: '/api/resetpassword/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    body: resetPasswordConfirmRequestSchema,
    response: okResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;
