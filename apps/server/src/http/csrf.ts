import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGE =
  'This request came from another site and was blocked. Please use Roughcut directly.';

export type CsrfInput = {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  /** Origins this app is served from: PUBLIC_URL's and the one the request itself reached. */
  allowedOrigins: string[];
};

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request may proceed. Browsers send Origin (or at least Referer or
 * Sec-Fetch-Site) on every cross-site POST, so a request from another origin is refused while our
 * own pages, including the billing page's plain form post, pass. Requests with none of these
 * headers come from non-browser clients, which cannot carry a victim's cookie.
 */
export function isSameOriginRequest(input: CsrfInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  const allowed = new Set(input.allowedOrigins.map((origin) => originOf(origin)).filter(Boolean));
  if (input.origin !== undefined) {
    const origin = originOf(input.origin);
    return origin !== undefined && allowed.has(origin);
  }
  if (input.referer !== undefined) {
    const origin = originOf(input.referer);
    return origin !== undefined && allowed.has(origin);
  }
  if (input.secFetchSite !== undefined) {
    return input.secFetchSite === 'same-origin' || input.secFetchSite === 'none';
  }
  return true;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    const ok = isSameOriginRequest({
      method: request.method,
      origin: header(request, 'origin'),
      referer: header(request, 'referer'),
      secFetchSite: header(request, 'sec-fetch-site'),
      allowedOrigins: [publicUrl, `${request.protocol}://${request.host}`],
    });
    done(ok ? undefined : forbidden(CSRF_MESSAGE));
  });
}
