// The web build served as files, every unknown path falling back to index.html (client routes),
// for browser tests whose API answers are routed in the page.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.wasm': 'application/wasm',
};

export type StaticWeb = { base: string; close: () => Promise<void> };

export async function serveWeb(root: string): Promise<StaticWeb> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const file = path.join(root, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    stat(file)
      .then((s) => (s.isFile() ? file : path.join(root, 'index.html')))
      .catch(() => path.join(root, 'index.html'))
      .then((chosen) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(chosen)] ?? 'application/octet-stream',
        });
        createReadStream(chosen).pipe(response);
      })
      .catch(() => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
