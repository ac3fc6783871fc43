import { ENDPOINTS } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendDelivery,
} from './webhooks.service.ts';

const OK: OkResponse = { ok: true };

/** The user's webhooks: receivers, their deliveries with every attempt, and "Send again". */
export const webhooksModule: AppModule = {
  name: 'webhooks',
  register(app, ctx) {
    routeEndpoint(app, ENDPOINTS.webhooks, {}, async (request) =>
      listWebhooks(ctx, request.user.id),
    );
    routeEndpoint(
      app,
      ENDPOINTS.webhookCreate,
      { where: { body: 'The webhook' } },
      async (request, { body }) => createWebhook(ctx, request.user.id, body),
    );
    routeEndpoint(app, ENDPOINTS.webhookDelete, {}, async (request, { params }) => {
      await deleteWebhook(ctx, request.user.id, params.id);
      return OK;
    });
    routeEndpoint(app, ENDPOINTS.webhookEnable, {}, async (request, { params }) =>
      enableWebhook(ctx, request.user.id, params.id),
    );
    routeEndpoint(app, ENDPOINTS.webhookDeliveries, {}, async (request, { params }) =>
      listWebhookDeliveries(ctx, request.user.id, params.id),
    );
    routeEndpoint(app, ENDPOINTS.webhookResend, {}, async (request, { params }) =>
      resendDelivery(ctx, request.user.id, params),
    );
  },
};
