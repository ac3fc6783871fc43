// Not in the spec: what scripts and other services use (issue 36), and the server's liveness.
import { z } from 'zod';
import {
  accessTokenListResponseSchema,
  accessTokenParamsSchema,
  createAccessTokenRequestSchema,
  createAccessTokenResponseSchema,
} from './access-token.contract.ts';
import { healthResponseSchema, okResponseSchema } from './common.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSchema,
} from './webhook.contract.ts';

const user = 'user' as const;
const pub = 'public' as const;

/** GET /api/openapi.json: an OpenAPI 3.1 document (checked in full by a real validator in CI). */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({}).loose(),
    paths: z.object({}).loose(),
  })
  .loose();

export const INTEGRATION_ENDPOINTS = {
  // Not in the spec (issue 36): personal access tokens (session only), webhooks, the API document.
  accessTokens: endpoint({
    method: 'GET',
    path: '/api/manage/tokens',
    auth: user,
    sessionOnly: true,
    response: accessTokenListResponseSchema,
  }),
  accessTokenCreate: endpoint({
    method: 'POST',
    path: '/api/manage/tokens',
    auth: user,
    sessionOnly: true,
    body: createAccessTokenRequestSchema,
    response: createAccessTokenResponseSchema,
  }),
  /** Revokes at once; the token stays listed as revoked, and a request with it gets 401. */
  accessTokenRevoke: endpoint({
    method: 'DELETE',
    path: '/api/manage/tokens/:id',
    auth: user,
    sessionOnly: true,
    params: accessTokenParamsSchema,
    response: okResponseSchema,
  }),
  webhooks: endpoint({
    method: 'GET',
    path: '/api/manage/webhooks',
    auth: user,
    response: webhookListResponseSchema,
  }),
  webhookCreate: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks',
    auth: user,
    body: createWebhookRequestSchema,
    response: createWebhookResponseSchema,
  }),
  webhookDelete: endpoint({
    method: 'DELETE',
    path: '/api/manage/webhooks/:id',
    auth: user,
    params: webhookParamsSchema,
    response: okResponseSchema,
  }),
  /** Turns a webhook the server disabled (failing for 24 hours) back on. */
  webhookEnable: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks/:id/enable',
    auth: user,
    params: webhookParamsSchema,
    response: webhookSchema,
  }),
  /** The webhook's latest deliveries, each with its attempts. */
  webhookDeliveries: endpoint({
    method: 'GET',
    path: '/api/manage/webhooks/:id/deliveries',
    auth: user,
    params: webhookParamsSchema,
    response: webhookDeliveryListResponseSchema,
  }),
  /** "Send again": one more attempt of a delivery, now, with the same webhook-id. */
  webhookResend: endpoint({
    method: 'POST',
    path: '/api/manage/webhooks/:id/deliveries/:delivery_id/resend',
    auth: user,
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
  }),
  /** The OpenAPI 3.1 document of this table. */
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    auth: pub,
    response: openApiDocumentSchema,
  }),

  /** Not in the spec: liveness (the server answers and reaches its database). */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    auth: pub,
    response: healthResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;
