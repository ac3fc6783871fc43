// GET/HEAD /api/media/<token>: serves a stored file (with single-range support, so the video
// element can seek) or a streamed zip of several. No cookie needed: the token is the
// authorisation (media-token.ts), and the session its link names must still be signed in.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors/http-error.ts';
import { contentDisposition, parseRange } from './http-headers.ts';
import type { MediaStorage, StoredFile } from './media-storage.ts';
import type { MediaGrant, MediaSigner } from './media-token.ts';
import { MEDIA_ROUTE_PREFIX } from './media-token.ts';
import { ZipEntryMissingError, streamZip } from './zip-stream.ts';

export const MEDIA_MESSAGES = {
  invalid: 'This link is not valid. Please reload the page to get a new one.',
  expired: 'This link has expired. Please reload the page to get a new one.',
  signedOut:
    'This link ended when its session was signed out or its password changed. Please log in and reload the page to get a new one.',
  missing: 'This file no longer exists.',
  range: 'The requested range is not available in this file.',
} as const;

export type MediaRoutesOptions = {
  storage: MediaStorage;
  signer: MediaSigner;
  /**
   * The credential stamp of the session a link names while it is signed in, else undefined
   * (cached: every range request asks).
   */
  sessionStamp(sessionId: string): Promise<string | undefined>;
  /** App clock in ms (for Cache-Control max-age); defaults to Date.now. */
  now?: () => number;
};

export const mediaRoutes: FastifyPluginCallback<MediaRoutesOptions> = (app, options, done) => {
  const now = options.now ?? Date.now;
  app.route({
    method: ['GET', 'HEAD'],
    // NOTE: a wildcard, not ':token', so anything after the token ("/<name>") is ignored.
    url: `${MEDIA_ROUTE_PREFIX}*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const params = request.params as Record<string, string | undefined>;
      const token = (params['*'] ?? '').split('/')[0] ?? '';
      const verified = await options.signer.verifyMediaToken(token);
      if (!verified.ok) {
        throw new HttpError(
          403,
          verified.reason === 'expired' ? MEDIA_MESSAGES.expired : MEDIA_MESSAGES.invalid,
        );
      }
      const grant = verified.grant;
      const stamp = await options.sessionStamp(grant.session.id);
      if (stamp === undefined || stamp !== grant.session.stamp) {
        throw new HttpError(403, MEDIA_MESSAGES.signedOut);
      }
      const maxAge = Math.max(0, grant.expiresAt - Math.floor(now() / 1000));
      reply.header('cache-control', `private, max-age=${maxAge}`);
      reply.header('x-content-type-options', 'nosniff');
      if (grant.kind === 'zip') return sendZip(request, reply, options.storage, grant);
      const stored = await options.storage.stat(grant.key);
      if (!stored) throw new HttpError(404, MEDIA_MESSAGES.missing);
      return sendFile(request, reply, options.storage, grant, stored);
    },
  });
  done();
};

const etagOf = (stored: StoredFile): string =>
  `"${stored.size.toString(16)}-${Math.floor(stored.mtimeMs).toString(16)}"`;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  grant: Extract<MediaGrant, { kind: 'file' }>,
  stored: StoredFile,
): Promise<FastifyReply> {
  const etag = etagOf(stored);
  const lastModified = new Date(Math.floor(stored.mtimeMs / 1000) * 1000).toUTCString();
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', grant.contentType)
    .header('content-disposition', contentDisposition(grant.disposition, grant.fileName))
    .header('etag', etag)
    .header('last-modified', lastModified);

  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader =
    ifRange === undefined || ifRange === etag || ifRange === lastModified
      ? request.headers.range
      : undefined;
  const range = parseRange(rangeHeader, stored.size);
  switch (range.kind) {
    case 'unsatisfiable':
      return reply
        .code(416)
        .header('content-range', `bytes */${stored.size}`)
        .type('application/json; charset=utf-8')
        .send({ err: MEDIA_MESSAGES.range });
    case 'partial': {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
        .header('content-length', range.end - range.start + 1);
      if (request.method === 'HEAD') return sendHead(reply);
      return reply.send(
        storage.createReadStream(grant.key, { start: range.start, end: range.end }),
      );
    }
    case 'full':
      reply.code(200).header('content-length', stored.size);
      if (request.method === 'HEAD') return sendHead(reply);
      return reply.send(storage.createReadStream(grant.key));
  }
}

async function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  grant: Extract<MediaGrant, { kind: 'zip' }>,
): Promise<FastifyReply> {
  let zip;
  try {
    zip = await streamZip(storage, grant.entries);
  } catch (error) {
    if (error instanceof ZipEntryMissingError) throw new HttpError(404, MEDIA_MESSAGES.missing);
    throw error;
  }
  reply
    .code(200)
    .header('accept-ranges', 'none')
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition('attachment', grant.fileName))
    .header('content-length', zip.size);
  if (request.method === 'HEAD') {
    zip.stream.destroy();
    return sendHead(reply);
  }
  return reply.send(zip.stream);
}

/** Headers only; Fastify keeps the Content-Length the GET would have on HEAD. */
function sendHead(reply: FastifyReply): FastifyReply {
  return reply.send();
}
