import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerTokenOf } from './bearer.ts';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export const CSRF_MESSAGE =
  'This request came from another site and was blocked. Please use Roughcut directly.';

export type CsrfInput = {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  /** Origins this app is served from (see `allowedOriginsFor`). */
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
 * The origins our pages are served from: PUBLIC_URL's, plus its loopback aliases when it is a
 * loopback address (a laptop user may open http://127.0.0.1:3000 for http://localhost:3000).
 * WARNING: never the Host the request names: behind a proxy that forwards any Host, or after a
 * DNS rebinding, an attacker's page would send a Host and an Origin that match each other.
 */
export function allowedOriginsFor(publicUrl: string): string[] {
  const origin = originOf(publicUrl);
  if (!origin) return [];
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(origin);
    alias.hostname = host;
    return alias.origin;
  });
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

function checkRequest(request: FastifyRequest, method: string, allowedOrigins: string[]): boolean {
  return isSameOriginRequest({
    method,
    origin: header(request, 'origin'),
    referer: header(request, 'referer'),
    secFetchSite: header(request, 'sec-fetch-site'),
    allowedOrigins,
  });
}

/**
 * Checks every state-changing request, whatever path it names: routed, unknown (404) or the web
 * app's fallback. A GET the endpoint table marks `changesState` (the spec's logout, a framing
 * request, an export) is checked like a POST, so an image or link on another site cannot
 * trigger it, while our own page's fetch (Sec-Fetch-Site: same-origin) and non-browser clients
 * still can. WARNING: never decide on the raw request target: the router decodes it, so
 * `/%61pi/...`, `/ap%69/...` or an absolute-form `http://host/api/...` reach the same handlers
 * as `/api/...` while no string test on `request.url` would see them.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const allowedOrigins = allowedOriginsFor(publicUrl);
  app.addHook('onRequest', (request, _reply, done) => {
    // NOTE: issue 36: a request with `Authorization: Bearer` is authenticated by that token alone
    // (never its cookie), and no other site can make a browser send that header without CORS.
    if (bearerTokenOf(request) !== undefined) {
      done();
      return;
    }
    const method = request.routeOptions.config.changesState === true ? 'POST' : request.method;
    const ok = checkRequest(request, method, allowedOrigins);
    done(ok ? undefined : forbidden(CSRF_MESSAGE));
  });
}
