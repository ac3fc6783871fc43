import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, sendError } from './errors.ts';

/**
 * Security headers. The CSP allows only our own origin, plus what the SPA needs: inline styles
 * (MUI/emotion), blob: workers and WebAssembly for the subtitle renderer, blob: media for
 * previews, and images from https hosts (the landing page screenshot).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; extraFormActions?: string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'script-src-attr': ["'none'"],
        'worker-src': ["'self'", 'blob:'],
        'child-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'blob:', 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...(options.extraFormActions ?? [])],
      },
    },
    // NOTE: HSTS only when we are really served over https; on http://localhost it would be noise.
    strictTransportSecurity: options.publicUrl.startsWith('https:')
      ? { maxAge: 15552000, includeSubDomains: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

export const NUL_MESSAGE =
  'The request contains a NUL character (an invisible zero byte), which cannot be stored. Please remove it and try again.';

const MAX_SCAN_DEPTH = 64;

/** Whether a NUL character hides anywhere in a parsed value: strings, keys, nested items. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_SCAN_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

/**
 * A NUL anywhere in a path parameter, query or JSON body is refused with a 400 before any
 * handler runs: PostgreSQL and PGlite reject it in text, which would otherwise surface as a 500
 * wherever a contract does not already refuse it. Multipart uploads are streams and not scanned
 * here (their file names are sanitised).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
    done(found ? badRequest(NUL_MESSAGE) : undefined);
  });
}

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid. Please check the link and try again.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long. Please check the link and try again.'],
};

/**
 * Fastify's `frameworkErrors`: errors the router raises before any hook runs (a malformed
 * percent-encoding, an over-long path segment) leave as `{err}` like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] = FRAMEWORK_MESSAGES[error.code] ?? [
    error.statusCode ?? 400,
    'The request could not be processed. Please check it and try again.',
  ];
  void sendError(reply, status, message);
}
