// Builds the subtitle renderer harness with Vite (bundled as the web app bundles jassub) and
// serves it on the same origin as a running server: its own files under /harness/, everything
// else (the /fonts/ files) passed through to the server.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const HARNESS_ROOT = fileURLToPath(new URL('./jassub-harness', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

export async function buildHarness(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: HARNESS_ROOT,
    base: '/harness/',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

export type ServedHarness = { baseUrl: string; close: () => Promise<void> };

export async function serveHarness(dir: string, appBaseUrl: string): Promise<ServedHarness> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://harness');
    void (async () => {
      if (url.pathname.startsWith('/harness/')) {
        const relative = url.pathname.slice('/harness/'.length) || 'index.html';
        const file = path.join(dir, path.normalize(relative));
        const info = file.startsWith(dir) ? await stat(file).catch(() => null) : null;
        if (!info?.isFile()) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        });
        createReadStream(file).pipe(response);
        return;
      }
      const upstream = await fetch(new URL(url.pathname + url.search, appBaseUrl));
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
