// Idempotency-Key (issue 36, after the IETF httpapi draft): on the endpoints the table marks
// `idempotent` (create, the multipart upload, Continue) and the tus upload creation, a request
// with a key the same user already sent answers what the first one answered, without doing it
// again, for 24 hours. A retry while the first is still running gets 409; the same key on another
// request gets 422. A first request that failed on our side (5xx), was limited (429) or never
// finished frees its key, so its retry runs for real.
import { createHash } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../errors/http-error.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency.repository.ts';
import type { IdempotencyRow } from './idempotency.repository.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from the first request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalid:
    'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is ideal).',
  reused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inFlight:
    'A request with this Idempotency-Key is still running. Wait for it, then retry with the same key.',
} as const;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The key this request holds as the first of its kind (set by `claimIdempotency`). */
    idempotency?: { userId: string; key: string; settled: boolean };
  }
}

export type IdempotencyClaim =
  | { kind: 'none' }
  | { kind: 'first' }
  | { kind: 'replay'; row: IdempotencyRow & { statusCode: number } };

/** A stable digest of what makes two requests the same (object keys sorted). */
export function requestHashOf(parts: unknown[]): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(parts)))
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalid);
  }
  return key;
}

let lastSweep = 0;

/**
 * Claims the request's Idempotency-Key for the signed-in user: `first` (go on, and settle it
 * with `settleIdempotency`), `replay` (answer the stored row) or `none` (no key sent). Throws
 * the 400, 409 and 422 above.
 */
export async function claimIdempotency(
  ctx: AppContext,
  request: FastifyRequest,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const key = keyOf(request);
  if (key === undefined) return { kind: 'none' };
  const userId = request.user.id;
  const now = ctx.now();
  if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    await deleteIdempotencyKeysBefore(
      ctx.db,
      new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS),
    );
  }
  for (let tries = 0; tries < 2; tries++) {
    if (await claimIdempotencyKey(ctx.db, { userId, key, requestHash, createdAt: now })) {
      request.idempotency = { userId, key, settled: false };
      return { kind: 'first' };
    }
    const row = await findIdempotencyKey(ctx.db, userId, key);
    if (!row) continue;
    if (now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_KEY_LIFETIME_MS) {
      await deleteIdempotencyKey(ctx.db, userId, key);
      continue;
    }
    if (row.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
    if (row.statusCode === null) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
    return { kind: 'replay', row: { ...row, statusCode: row.statusCode } };
  }
  throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
}

/** Stores the first request's answer for its retries, or frees the key when it should run again. */
export async function settleIdempotency(
  ctx: AppContext,
  request: FastifyRequest,
  answer: { statusCode: number; headers: Record<string, string>; body: string } | undefined,
): Promise<void> {
  const claim = request.idempotency;
  if (!claim || claim.settled) return;
  claim.settled = true;
  const keep = answer !== undefined && answer.statusCode < 500 && answer.statusCode !== 429;
  if (keep) await completeIdempotencyKey(ctx.db, claim.userId, claim.key, answer);
  else await releaseIdempotencyKey(ctx.db, claim.userId, claim.key);
}

/** Sends a stored answer again, marked as replayed. */
export function replayAnswer(reply: FastifyReply, row: IdempotencyRow & { statusCode: number }) {
  // NOTE: the retry's own body (a multipart upload) is not needed: read and dropped.
  reply.request.raw.resume();
  reply.code(row.statusCode).headers({ ...row.headers, [REPLAYED_HEADER]: 'true' });
  return reply.send(row.body ?? '');
}

/** The hooks routeEndpoint adds to an `idempotent` entry of the table. */
export function idempotencyHooks(ctx: AppContext, multipart: boolean) {
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const hash = requestHashOf([
      request.method,
      request.routeOptions.url,
      request.params,
      multipart ? null : (request.body ?? null),
    ]);
    const claim = await claimIdempotency(ctx, request, hash);
    if (claim.kind === 'replay') return replayAnswer(reply, claim.row);
    return undefined;
  };
  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    if (!request.idempotency) return payload;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const type = reply.getHeader('content-type');
    await settleIdempotency(
      ctx,
      request,
      body === null
        ? undefined
        : {
            statusCode: reply.statusCode,
            headers: typeof type === 'string' ? { 'content-type': type } : {},
            body,
          },
    );
    return payload;
  };
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    await settleIdempotency(ctx, request, undefined);
  };
  return { preHandler, onSend, onResponse };
}
