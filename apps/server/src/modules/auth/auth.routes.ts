import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordConfirmRequestSchema,
} from '@roughcut/shared';
import type { OkResponse, UserResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { AUTH_MESSAGES as M } from './auth.messages.ts';
import {
  AttemptCounter,
  perAccountLimit,
  perIpLimit,
  tooManyAttempts,
} from '../../http/rate-limit.ts';
import { LoginLockout } from './login-lockout.ts';
import type { SessionUser } from './auth.guard.ts';
import {
  authenticate,
  confirmPasswordReset,
  confirmRegistration,
  register,
  requestPasswordReset,
} from './auth.service.ts';
import { endSession, startSession } from './sessions.ts';

const OK: OkResponse = { ok: true };
const BODY_LIMIT = 16 * 1024;

export function toUserResponse(
  user: Pick<SessionUser, 'email' | 'username' | 'emailConfirmed'>,
): UserResponse {
  return { email: user.email, username: user.username, email_confirmed: user.emailConfirmed };
}

/**
 * Answers the first missing or empty field, in the order given (the spec's order), with its
 * message; types and lengths are left to the contract schema.
 */
export function requireFilled(body: unknown, fields: Record<string, string>): unknown {
  const record =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  for (const [field, message] of Object.entries(fields)) {
    const value = record[field];
    const empty =
      value === undefined || value === null || (typeof value === 'string' && !value.trim());
    if (empty) throw badRequest(message);
  }
  return body;
}

const bodyField = (field: string) => (request: FastifyRequest) =>
  (request.body as Record<string, unknown> | undefined)?.[field];

function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.rateLimits;
  const clock = () => ctx.now().getTime();
  const lockout = new LoginLockout(ctx);
  // NOTE: reset mails count per account whichever client asks, so nobody can flood a mailbox.
  const resetMails = new AttemptCounter({ windowMs: limits.windowMs, now: clock });
  const form = { bodyLimit: BODY_LIMIT, config: perIpLimit(limits) };

  routeEndpoint(app, ENDPOINTS.attemptLogin, {}, (request) => toUserResponse(request.user));

  routeEndpoint(
    app,
    ENDPOINTS.login,
    {
      ...form,
      parse: {
        body: (raw) =>
          parseInput(
            loginRequestSchema,
            requireFilled(raw, { email: M.mustEnterEmail, password: M.mustEnterPassword }),
            'The login form',
          ),
      },
    },
    async (request, { body }, reply) => {
      const result = await authenticate(ctx, body, lockout, request.ip);
      if ('retryAfterS' in result) {
        reply.header('retry-after', String(result.retryAfterS));
        throw tooManyAttempts();
      }
      await startSession(ctx, request, reply, result.user.id);
      return toUserResponse(result.user);
    },
  );

  // NOTE: the spec makes logout a GET; the table marks it `changesState`, so it is still refused
  // when another site triggers it (http/csrf.ts).
  routeEndpoint(app, ENDPOINTS.logout, {}, async (request, _input, reply) => {
    await endSession(ctx, request, reply);
    return OK;
  });

  routeEndpoint(
    app,
    ENDPOINTS.register,
    {
      ...form,
      preHandler: [perAccountLimit(app, limits, 'register', bodyField('email'))],
      parse: {
        body: (raw) =>
          parseInput(
            registerRequestSchema,
            requireFilled(raw, {
              email: M.mustEnterEmail,
              username: M.mustEnterUsername,
              password: M.mustEnterPassword,
            }),
            'The sign-up form',
          ),
      },
    },
    async (_request, { body }) => {
      await register(ctx, body);
      return OK;
    },
  );

  routeEndpoint(
    app,
    ENDPOINTS.registerConfirm,
    { ...form, where: { params: 'The link' } },
    async (_request, { params }) => {
      await confirmRegistration(ctx, params.code);
      return OK;
    },
  );

  routeEndpoint(
    app,
    ENDPOINTS.resetPasswordRequest,
    { ...form, where: { params: 'The email' } },
    async (_request, { params }) => {
      const mailed = await requestPasswordReset(ctx, params.emailOrUsername, (account) => {
        if (resetMails.read(account).count >= limits.perAccount) return false;
        resetMails.add(account);
        return true;
      });
      if (!mailed) throw tooManyAttempts();
      return OK;
    },
  );

  routeEndpoint(
    app,
    ENDPOINTS.resetPasswordConfirm,
    {
      ...form,
      where: { params: 'The link' },
      parse: {
        body: (raw) =>
          parseInput(
            resetPasswordConfirmRequestSchema,
            requireFilled(raw, { password: M.mustEnterPassword }),
            'The new password form',
          ),
      },
    },
    async (_request, { params, body }) => {
      await confirmPasswordReset(ctx, params.code, body.password);
      return OK;
    },
  );
}

export const authModule: AppModule = { name: 'auth', register: registerAuthRoutes };
