// An HTTP proxy between the command-line client and a test server that can hold an upload
// midway: PATCH requests from a chosen offset on are taken in but never passed on, so a test can
// interrupt the client at a known byte (no timing involved) and then see, from the offsets that
// did reach the server, that the next run went on from there instead of sending bytes again.
import { createServer, request as forward } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type UploadGate = {
  /** http://127.0.0.1:port: the address the client is given. */
  url: string;
  /** Holds every PATCH whose Upload-Offset is `fromOffset` or more; `open()` lets all through. */
  holdFrom(fromOffset: number): void;
  open(): void;
  /** Resolves once `count` PATCH requests in all have been held since the start (or reset). */
  held(count: number): Promise<void>;
  /** Upload-Offset of every PATCH passed to the server, and how many uploads were created. */
  readonly patchOffsets: number[];
  readonly creations: number;
  /** Forgets the offsets and creations seen so far (each test counts its own). */
  reset(): void;
  close(): Promise<void>;
};

export async function startUploadGate(target: string): Promise<UploadGate> {
  const upstream = new URL(target);
  let holdFrom = Number.POSITIVE_INFINITY;
  const patchOffsets: number[] = [];
  let creations = 0;
  const holding = new Set<ServerResponse>();
  let holds = 0;
  const waiting: { count: number; resolve: () => void }[] = [];

  const pass = (request: IncomingMessage, response: ServerResponse) => {
    const onward = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  };

  const server = createServer((request, response) => {
    const offset = Number(request.headers['upload-offset'] ?? 0);
    if (request.method === 'PATCH' && offset >= holdFrom) {
      // NOTE: never read nor answered: the client sits mid-request, as over a stalled link.
      holding.add(response);
      response.on('close', () => holding.delete(response));
      holds += 1;
      for (const waiter of waiting.filter((w) => w.count <= holds)) waiter.resolve();
      return;
    }
    if (request.method === 'PATCH') patchOffsets.push(offset);
    if (request.method === 'POST' && request.url?.endsWith('/uploads')) creations += 1;
    pass(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    holdFrom: (fromOffset) => {
      holdFrom = fromOffset;
    },
    open: () => {
      holdFrom = Number.POSITIVE_INFINITY;
      for (const response of holding) response.destroy();
    },
    held: (count) =>
      holds >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.push({ count, resolve });
          }),
    get patchOffsets() {
      return patchOffsets;
    },
    get creations() {
      return creations;
    },
    reset: () => {
      patchOffsets.length = 0;
      creations = 0;
      holds = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of holding) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
