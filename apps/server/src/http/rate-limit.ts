import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSettings } from '../app-context.ts';
import { HttpError } from './errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { perIp: 30, perAccount: 10, windowMs: 60_000 };

/** Route config limiting one endpoint per client IP (checked before the body is read). */
export function perIpLimit(limits: RateLimitSettings) {
  return { rateLimit: { max: limits.perIp, timeWindow: limits.windowMs } };
}

/**
 * preHandler limiting attempts against one account identifier, whichever IP they come from;
 * `identify` reads it from the parsed request (e-mail, username, ...).
 */
export function perAccountLimit(
  app: FastifyInstance,
  limits: RateLimitSettings,
  scope: string,
  identify: (request: FastifyRequest) => unknown,
): preHandlerAsyncHookHandler {
  return app.rateLimit({
    max: limits.perAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => {
      const identifier = identify(request);
      const key = typeof identifier === 'string' ? identifier.trim().toLowerCase() : '';
      return `${scope}:account:${key}`;
    },
  });
}

export function tooManyAttempts(): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS);
}
