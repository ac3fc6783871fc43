import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { generateToken, hashToken } from './codes.ts';
import {
  deleteSession,
  extendSession,
  findSessionWithUser,
  insertSession,
} from './auth.repository.ts';
import type { SessionWithUser } from './auth.repository.ts';
import { SESSION_CACHE_TTL_MS, sessionCache } from './session-cache.ts';
import { SESSION_COOKIE } from '../../http/session-cookie.ts';

export { SESSION_COOKIE };
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is pushed forward at most this often, so an active user stays signed in. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = generateToken();
  await insertSession(ctx.db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
  });
  setSessionCookie(request, reply, token);
}

/** The request's live session, renewed when due; undefined when absent, unknown or expired. */
export async function resolveSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionWithUser | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const id = hashToken(token);
  const now = ctx.now().getTime();
  let session = await lookUpSession(ctx, id, now);
  if (!session) return undefined;
  if (session.expiresAt.getTime() <= now) {
    await deleteSession(ctx.db, session.sessionId);
    return undefined;
  }
  if (session.expiresAt.getTime() - now < SESSION_TTL_MS - SESSION_RENEW_AFTER_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await extendSession(ctx.db, session.sessionId, expiresAt);
    session = { ...session, expiresAt };
    setSessionCookie(request, reply, token);
  }
  return session;
}

async function lookUpSession(
  ctx: AppContext,
  id: string,
  now: number,
): Promise<SessionWithUser | undefined> {
  const cached = sessionCache.read(id, now);
  if (cached) return cached;
  const generation = sessionCache.generation();
  const session = await findSessionWithUser(ctx.db, id);
  if (!session) return undefined;
  const until = Math.min(
    now + SESSION_CACHE_TTL_MS[ctx.database.kind],
    session.expiresAt.getTime(),
  );
  sessionCache.store(session, until, generation);
  return session;
}

/**
 * A signed-in session's credential stamp (by its sessions.id), undefined once it has ended:
 * media links name both, so they die with the session and with a password change.
 */
export async function liveSessionStamp(ctx: AppContext, id: string): Promise<string | undefined> {
  const now = ctx.now().getTime();
  const session = await lookUpSession(ctx, id, now);
  return session && session.expiresAt.getTime() > now ? session.credentialStamp : undefined;
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(ctx.db, hashToken(token));
  clearSessionCookie(request, reply);
}
