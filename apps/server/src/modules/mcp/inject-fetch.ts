// A `fetch` that answers from this app's own routes (Fastify's inject) instead of the network:
// the MCP endpoint's tools reach the API exactly as a script with the same token would, through
// every guard, scope, ownership rule and rate limit, without leaving the process.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Statuses whose answer must have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * `remoteAddress` is the MCP caller's, so the per-IP limits count the caller and not the server.
 * NOTE: an injected request cannot be aborted; a cancelled tool call lets its request finish.
 */
export function injectFetch(app: FastifyInstance, remoteAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress,
      ...(request.body && {
        payload: Readable.fromWeb(request.body),
      }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        answerHeaders.append(name, String(one));
      }
    }
    return new Response(NULL_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
}
