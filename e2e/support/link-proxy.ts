// A link between the browser and the server that a test can slow down and cut: a TCP proxy on
// loopback whose uploads (client to server) are held to a rate, and whose connections can all be
// dropped and refused until the link is restored, as a lost Wi-Fi or a train tunnel would.
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';

export type LinkProxy = {
  /** http://127.0.0.1:port: what the browser opens (and the server's PUBLIC_URL). */
  url: string;
  /** Where the link leads; set once the server is listening (and again after a restart). */
  setTarget(port: number): void;
  /** Drops every connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/** Holds a socket's reading to `bytesPerSecond`, measured from when it opened. */
function throttle(source: Socket, sink: Socket, bytesPerSecond: number): void {
  const opened = Date.now();
  let sent = 0;
  source.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    if (!sink.write(chunk)) source.pause();
    const aheadMs = (sent / bytesPerSecond) * 1000 - (Date.now() - opened);
    if (aheadMs > 5) {
      source.pause();
      setTimeout(() => source.resume(), aheadMs);
    }
  });
  sink.on('drain', () => source.resume());
}

export async function startLinkProxy(options: { bytesPerSecond: number }): Promise<LinkProxy> {
  let targetPort = 0;
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (down || targetPort === 0) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    throttle(client, upstream, options.bytesPerSecond);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setTarget: (next) => {
      targetPort = next;
    },
    cut: () => {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
