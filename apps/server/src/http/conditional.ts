import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === bare);
}

/**
 * Sends `body` as JSON with an entity tag of its bytes, and answers 304 with no body when the
 * client already holds exactly these bytes. Polled answers (the job list, a job) mostly repeat:
 * the browser's cache revalidates them (`private, no-cache`) and skips the body and the JSON
 * parse. The tag is a hash of the content, so two users can never share a 304 for different data.
 */
export function sendJsonIfChanged(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
