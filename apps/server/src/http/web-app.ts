import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/**
 * Serves the built web app from WEB_DIST. Unknown /api paths get a JSON 404; any other GET that
 * is not a file gets index.html, so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasIndex = existsSync(path.join(webDist, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, `Not found: ${request.method} ${pathname}`);
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) return sendError(reply, 404, `File not found: ${pathname}`);
    if (!hasIndex) {
      return sendError(reply, 404, 'The web app is not built. Run `npm run build`, then reload.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
