import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
