import { ACCOUNT_ENDPOINTS, paymentWebhookResponseSchema } from './account-endpoints.contract.ts';
import { AUTH_ENDPOINTS } from './auth-endpoints.contract.ts';
import { CLIP_ENDPOINTS } from './clip-endpoints.contract.ts';
import { EDIT_ENDPOINTS } from './edit-endpoints.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import { INTEGRATION_ENDPOINTS, openApiDocumentSchema } from './integration-endpoints.contract.ts';
import { TEMPLATE_ENDPOINTS } from './template-endpoints.contract.ts';

// Every endpoint of SPEC section 7 (and the few the app adds), described once: the server
// registers its routes from these entries, the web client builds its URLs and parses its answers
// with them, and the authorisation matrix test is generated from them. Each room's entries are in
// its own *-endpoints.contract.ts.

export { openApiDocumentSchema, paymentWebhookResponseSchema };

// NOTE: in SPEC 7's order, which the OpenAPI document's paths follow. WARNING: a name in two rooms
// would be overwritten silently by the later one (endpoints.contract.test.ts checks there is none).
export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...EDIT_ENDPOINTS,
  ...CLIP_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...INTEGRATION_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
export type Endpoints = typeof ENDPOINTS;
