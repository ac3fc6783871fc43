import { ENDPOINTS, createWebhookRequestSchema } from '@roughcut/shared';
import type { CreateWebhookRequest } from '@roughcut/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// Issue 36: webhooks, registered and watched on the account page ("Webhooks").
export const webhooksApi = {
  list: () => api.call(ENDPOINTS.webhooks),
  create: (request: CreateWebhookRequest) =>
    api.call(ENDPOINTS.webhookCreate, { body: createWebhookRequestSchema.parse(request) }),
  remove: (id: string) => api.call(ENDPOINTS.webhookDelete, { params: { id } }),
  enable: (id: string) => api.call(ENDPOINTS.webhookEnable, { params: { id } }),
  deliveries: (id: string) => api.call(ENDPOINTS.webhookDeliveries, { params: { id } }),
  resend: (id: string, deliveryId: string) =>
    api.call(ENDPOINTS.webhookResend, { params: { id, delivery_id: deliveryId } }),
};

export const WEBHOOKS_LOAD_ERROR =
  'Your webhooks could not be loaded. Reload the page to try again.';
export const DELIVERIES_LOAD_ERROR =
  'The deliveries of this webhook could not be loaded. Reload the page to try again.';

export const webhooksQuery = queryOptions({
  queryKey: queryKeys.webhooks,
  queryFn: () => webhooksApi.list(),
});

export const webhookDeliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: queryKeys.webhookDeliveries(webhookId),
    queryFn: () => webhooksApi.deliveries(webhookId),
  });
