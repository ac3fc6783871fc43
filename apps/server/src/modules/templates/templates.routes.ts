import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  DRAW_EXAMPLE_CONTENT_TYPE,
  createTemplateRequestSchema,
  drawExampleQuerySchema,
  drawExampleRequestSchema,
  saveTemplateRequestSchema,
  templateParamsSchema,
} from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.guard.ts';
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
  const auth = { preHandler: requireUser };

  app.get(API_ROUTES.templates, auth, async (request) => listTemplates(ctx, request.user.id));

  app.put(API_ROUTES.templates, auth, async (request) => {
    const body = parseInput(createTemplateRequestSchema, request.body ?? {}, TEMPLATE);
    return createTemplate(ctx, request.user.id, body);
  });

  app.post(API_ROUTES.templates, auth, async (request) => {
    const body = parseInput(saveTemplateRequestSchema, request.body ?? {}, TEMPLATE);
    await saveTemplate(ctx, request.user.id, body);
    return OK;
  });

  app.delete(API_ROUTES.template, auth, async (request) => {
    const { id } = parseInput(templateParamsSchema, request.params, 'The id');
    await removeTemplate(ctx, request.user.id, id);
    return OK;
  });

  app.post(API_ROUTES.drawExample, auth, async (request, reply) => {
    const query = parseInput(drawExampleQuerySchema, request.query ?? {}, 'The example size');
    const settings = parseInput(drawExampleRequestSchema, request.body ?? {}, 'The settings');
    const controller = new AbortController();
    // NOTE: a preview nobody waits for any more (the slider moved on) is not finished.
    request.raw.once('close', () => {
      if (!reply.sent) controller.abort();
    });
    const png = await drawExample(request.user.id, settings, query, controller.signal);
    return reply.type(DRAW_EXAMPLE_CONTENT_TYPE).header('cache-control', 'no-store').send(png);
  });
}

export const templatesModule: AppModule = { name: 'templates', register: registerTemplateRoutes };
