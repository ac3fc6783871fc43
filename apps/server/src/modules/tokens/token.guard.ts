import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ACCESS_TOKEN_REFUSALS } from '@roughcut/shared';
import type { AccessTokenScope } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { bearerTokenOf } from '../../http/bearer.ts';
import { sendError } from '../../http/errors.ts';
import { AttemptCounter } from '../../http/rate-limit.ts';
import { findUserById, requireUser } from '../auth/index.ts';
import { checkAccessToken } from './tokens.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Set when a personal access token authenticated the request (never with a session). */
    accessToken?: { id: string; scope: AccessTokenScope };
  }
}

/** The media-link "session" of a token request: links die with the token (media-stamps.ts). */
export const TOKEN_SESSION_PREFIX = 'token:';

/**
 * The guard of every signed-in route (the app's `requireUser`): a request with `Authorization:
 * Bearer rc_…` is authenticated by that token alone, within the scope the route allows
 * (`config.tokenScope`, from the endpoint table), under the same ownership rules; any other
 * request by its session cookie. A token reaches no route that does not say it may.
 */
export function createRequestGuard(ctx: AppContext): preHandlerAsyncHookHandler {
  const counter = new AttemptCounter({
    windowMs: ctx.rateLimits.windowMs,
    now: () => ctx.now().getTime(),
  });
  return async function requireUserOrToken(request: FastifyRequest, reply: FastifyReply) {
    const bearer = bearerTokenOf(request);
    if (bearer === undefined) return requireUser(request, reply);
    const check = await checkAccessToken(ctx, bearer);
    if (!check.ok) {
      reply.header('www-authenticate', `Bearer error="invalid_token"`);
      return sendError(reply, 401, ACCESS_TOKEN_REFUSALS[check.reason]);
    }
    const { row } = check;
    const key = `token:${row.id}`;
    const used = counter.read(key);
    if (used.count >= ctx.rateLimits.perToken) {
      reply.header('retry-after', String(used.retryAfterS));
      return sendError(reply, 429, ACCESS_TOKEN_REFUSALS.tooMany);
    }
    counter.add(key);
    const needs = request.routeOptions.config.tokenScope ?? 'none';
    if (needs === 'none') return sendError(reply, 403, ACCESS_TOKEN_REFUSALS.sessionOnly);
    if (needs === 'edit' && row.scope !== 'read+edit') {
      return sendError(reply, 403, ACCESS_TOKEN_REFUSALS.readOnly);
    }
    const user = await findUserById(ctx.db, row.userId);
    if (!user) return sendError(reply, 401, ACCESS_TOKEN_REFUSALS.invalid);
    request.user = {
      id: user.id,
      email: user.email,
      username: user.username,
      emailConfirmed: user.emailConfirmed,
      pendingEmail: user.pendingEmail,
    };
    request.sessionId = `${TOKEN_SESSION_PREFIX}${row.id}`;
    request.accessToken = { id: row.id, scope: row.scope };
    return undefined;
  };
}
