import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { perAccountLimit, perIpLimit } from '../../http/rate-limit.ts';
import { toUserResponse } from '../auth/index.ts';
import { confirmEmailChange, getAccount, requestEmailChange, saveUser } from './account.service.ts';

const OK: OkResponse = { ok: true };
const BODY_LIMIT = 16 * 1024;

function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  routeEndpoint(app, ENDPOINTS.account, {}, async (request) => getAccount(ctx, request.user.id));

  routeEndpoint(app, ENDPOINTS.user, {}, (request) => toUserResponse(request.user));

  routeEndpoint(
    app,
    ENDPOINTS.saveUser,
    { bodyLimit: BODY_LIMIT, where: { body: 'The user form' } },
    async (request, { body }) => {
      await saveUser(ctx, request.user, request.sessionId, body);
      return OK;
    },
  );

  routeEndpoint(
    app,
    ENDPOINTS.updateEmail,
    {
      bodyLimit: BODY_LIMIT,
      config: perIpLimit(ctx.rateLimits),
      preHandler: [
        perAccountLimit(app, ctx.rateLimits, 'updateemail', (request) => request.user.id),
      ],
      where: { params: 'The new email' },
    },
    async (request, { params }) => {
      await requestEmailChange(ctx, request.user, params.newEmail);
      return OK;
    },
  );

  routeEndpoint(
    app,
    ENDPOINTS.updateEmailConfirm,
    { bodyLimit: BODY_LIMIT, config: perIpLimit(ctx.rateLimits), where: { params: 'The link' } },
    async (_request, { params }) => {
      await confirmEmailChange(ctx, params.code);
      return OK;
    },
  );
}

export const accountModule: AppModule = { name: 'account', register: registerAccountRoutes };
