// A body refused for its size or type, answered so the client reads the answer. Fastify answers
// 413 or 415 before reading the body and closes the connection; with the client still sending,
// the close arrived as a reset, and a plain fetch or curl reported "connection reset" or "broken
// pipe" instead of the 413 and its `err`.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused body read and dropped before the connection is closed after all. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
/** How long a refused body may take to come in before the connection is closed after all. */
const DRAIN_TIMEOUT_MS = 30_000;

/** Requests told to send their body (`100 Continue`). */
const continued = new WeakSet<IncomingMessage>();

const expectsContinue = (raw: IncomingMessage): boolean =>
  raw.httpVersion === '1.1' && (raw.headers.expect ?? '').toLowerCase() === '100-continue';

/** Whether the body parser will refuse this body by its Content-Length alone, unread. */
function refusedBySize(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  const type = request.headers['content-type'] ?? '';
  // NOTE: multipart bodies are streamed by the upload with limits of its own.
  if (type.toLowerCase().startsWith('multipart/')) return false;
  return Number.isFinite(length) && length > request.routeOptions.bodyLimit;
}

/**
 * `Expect: 100-continue` honoured: a client that asks first (curl does for bodies over 1 MB)
 * is told to send its body only when it will be read, and gets the 413 without sending it.
 * Node would otherwise say `100 Continue` to every such request before any route is known.
 */
export function registerBodyLimitAnswers(app: FastifyInstance): void {
  app.server.on('checkContinue', (req: IncomingMessage, res) => {
    app.server.emit('request', req, res);
  });
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (expectsContinue(request.raw) && !refusedBySize(request)) {
      continued.add(request.raw);
      reply.raw.writeContinue();
    }
    done(null, payload);
  });
}

/**
 * Called by the error handler before any error answer: when the body parser refused a body that
 * is still coming in (it marks the answer `connection: close`), up to MAX_DRAINED_BYTES of it are
 * read and dropped and the connection kept, so the client finishes sending and reads the answer.
 * A client still waiting for its `100 Continue` sends nothing: its connection closes as marked.
 */
export function answerUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // NOTE: `complete` is false only on a real socket whose body is still coming (not in inject).
  if (raw.complete !== false || reply.getHeader('connection') !== 'close') return;
  if (expectsContinue(raw) && !continued.has(raw)) return;
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_DRAINED_BYTES) return;
  reply.removeHeader('connection');
  let drained = 0;
  const giveUp = () => raw.destroy();
  const timer = setTimeout(giveUp, DRAIN_TIMEOUT_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= MAX_DRAINED_BYTES) return;
    clearTimeout(timer);
    giveUp();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
