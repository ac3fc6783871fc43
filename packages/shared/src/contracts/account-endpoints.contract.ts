// SPEC 7 "Account and billing": the account, its user and e-mail, and card payments.
import { z } from 'zod';
import {
  accountResponseSchema,
  codeParamSchema,
  updateEmailParamSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from './auth.contract.ts';
import {
  billingSummarySchema,
  checkoutSessionFormSchema,
  checkoutSessionParamsSchema,
  customerParamsSchema,
  customerResponseSchema,
} from './billing.contract.ts';
import { okResponseSchema } from './common.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';

const user = 'user' as const;
const pub = 'public' as const;

/** POST /api/{provider}/webhook → what became of the provider's event. */
export const paymentWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

export const ACCOUNT_ENDPOINTS = {
  account: endpoint({
    method: 'GET',
    path: '/api/manage/account',
    auth: user,
    sessionOnly: true,
    response: accountResponseSchema,
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/manage/user',
    auth: user,
    sessionOnly: true,
    response: userResponseSchema,
  }),
  saveUser: endpoint({
    method: 'POST',
    path: '/api/manage/user',
    auth: user,
    sessionOnly: true,
    body: updateUserRequestSchema,
    response: okResponseSchema,
  }),
  updateEmail: endpoint({
    method: 'POST',
    path: '/api/updateemail/:newEmail',
    auth: user,
    sessionOnly: true,
    params: updateEmailParamSchema,
    response: okResponseSchema,
  }),
  updateEmailConfirm: endpoint({
    method: 'POST',
    path: '/api/updateemail/:code/confirm',
    auth: pub,
    params: codeParamSchema,
    response: okResponseSchema,
  }),
  checkoutSession: endpoint({
    method: 'POST',
    path: '/api/:provider/create-checkout-session',
    auth: user,
    sessionOnly: true,
    params: checkoutSessionParamsSchema,
    body: checkoutSessionFormSchema,
    bodyKind: 'form-or-json',
    responseKind: 'redirect',
  }),
  customer: endpoint({
    method: 'POST',
    path: '/api/:provider/customer/:sessionId',
    auth: user,
    sessionOnly: true,
    params: customerParamsSchema,
    response: customerResponseSchema,
  }),
  billing: endpoint({
    method: 'GET',
    path: '/api/manage/billing',
    auth: user,
    sessionOnly: true,
    response: billingSummarySchema,
  }),
  portalSession: endpoint({
    method: 'POST',
    path: '/api/:provider/create-portal-session',
    auth: user,
    sessionOnly: true,
    params: checkoutSessionParamsSchema,
    bodyKind: 'form-or-json',
    responseKind: 'redirect',
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/:provider/webhook',
    auth: pub,
    params: checkoutSessionParamsSchema,
    bodyKind: 'raw',
    response: paymentWebhookResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;
