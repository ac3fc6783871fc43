import type { FastifyInstance } from 'fastify';
import { DRAW_EXAMPLE_CONTENT_TYPE, ENDPOINTS } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import {
  createTemplate,
  drawExample,
  listTemplates,
  removeTemplate,
  saveTemplate,
} from './templates.service.ts';

const OK: OkResponse = { ok: true };
const TEMPLATE = 'The template';

function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  routeEndpoint(app, ENDPOINTS.templates, {}, async (request) =>
    listTemplates(ctx, request.user.id),
  );

  routeEndpoint(
    app,
    ENDPOINTS.templateCreate,
    { where: { body: TEMPLATE } },
    async (request, { body }) => createTemplate(ctx, request.user.id, body),
  );

  routeEndpoint(
    app,
    ENDPOINTS.templateSave,
    { where: { body: TEMPLATE } },
    async (request, { body }) => {
      await saveTemplate(ctx, request.user.id, body);
      return OK;
    },
  );

  routeEndpoint(app, ENDPOINTS.template, {}, async (request, { params }) => {
    await removeTemplate(ctx, request.user.id, params.id);
    return OK;
  });

  routeEndpoint(
    app,
    ENDPOINTS.drawExample,
    { where: { query: 'The example size', body: 'The settings' } },
    async (request, { query, body }, reply) => {
      const controller = new AbortController();
      // NOTE: a preview nobody waits for any more (the slider moved on) is not finished.
      request.raw.once('close', () => {
        if (!reply.sent) controller.abort();
      });
      // NOTE: request.ip honours TRUST_PROXY, so a proxy's clients are told apart.
      const client = {
        userId: request.user.id,
        emailConfirmed: request.user.emailConfirmed,
        address: request.ip,
      };
      const png = await drawExample(client, body, query, controller.signal, request.log);
      return reply.type(DRAW_EXAMPLE_CONTENT_TYPE).header('cache-control', 'no-store').send(png);
    },
  );
}

export const templatesModule: AppModule = { name: 'templates', register: registerTemplateRoutes };
