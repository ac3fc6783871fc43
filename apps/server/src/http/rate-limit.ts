import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSettings } from '../app-context.ts';
import { HttpError } from './errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: 30,
  perAccount: 10,
  windowMs: 60_000,
};

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
  // NOTE: the plugin's own hook runs one limiter per request (the per-IP one), so this second
  // limiter is checked by hand.
  const check = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${scope}:account:${identifierOf(request)}`,
  });
  const identifierOf = (request: FastifyRequest) => {
    const identifier = identify(request);
    return typeof identifier === 'string' ? identifier.trim().toLowerCase() : '';
  };
  return async (request, reply) => {
    // Without an identifier the request fails validation anyway; the per-IP limit covers it.
    if (!identifierOf(request)) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw tooManyAttempts();
    }
  };
}

export function tooManyAttempts(): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS);
}
