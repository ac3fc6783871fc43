import type { FastifyRequest } from 'fastify';

/**
 * The credential of an `Authorization: Bearer …` header (issue 36's access tokens), or undefined
 * without one. A request that carries one is authenticated by it alone, never by its cookie.
 */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? (/^Bearer\b/i.test(header) ? '' : undefined);
}
