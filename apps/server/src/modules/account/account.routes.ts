import type { FastifyInstance } from 'fastify';
import { codeParamSchema, updateEmailParamSchema, updateUserRequestSchema } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { parseInput } from '../../http/errors.ts';
import { perAccountLimit, perIpLimit } from '../../http/rate-limit.ts';
import { requireUser } from '../auth/auth.guard.ts';
import { toUserResponse } from '../auth/auth.routes.ts';
import { confirmEmailChange, getAccount, requestEmailChange, saveUser } from './account.service.ts';

const OK: OkResponse = { ok: true };
const BODY_LIMIT = 16 * 1024;

function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/manage/account', { preHandler: requireUser }, async (request) =>
    getAccount(ctx, request.user.id),
  );

  app.get('/api/manage/user', { preHandler: requireUser }, (request, reply) =>
    reply.send(toUserResponse(request.user)),
  );

  app.post(
    '/api/manage/user',
    { bodyLimit: BODY_LIMIT, preHandler: requireUser },
    async (request) => {
      const body = parseInput(updateUserRequestSchema, request.body ?? {}, 'The user form');
      await saveUser(ctx, request.user, request.sessionId, body);
      return OK;
    },
  );

  app.post(
    '/api/updateemail/:newEmail',
    {
      bodyLimit: BODY_LIMIT,
      config: perIpLimit(ctx.rateLimits),
      preHandler: [
        requireUser,
        perAccountLimit(app, ctx.rateLimits, 'updateemail', (request) => request.user.id),
      ],
    },
    async (request) => {
      const { newEmail } = parseInput(updateEmailParamSchema, request.params, 'The new email');
      await requestEmailChange(ctx, request.user, newEmail);
      return OK;
    },
  );

  app.post(
    '/api/updateemail/:code/confirm',
    { bodyLimit: BODY_LIMIT, config: perIpLimit(ctx.rateLimits) },
    async (request) => {
      const { code } = parseInput(codeParamSchema, request.params, 'The link');
      await confirmEmailChange(ctx, code);
      return OK;
    },
  );
}

export const accountModule: AppModule = { name: 'account', register: registerAccountRoutes };
