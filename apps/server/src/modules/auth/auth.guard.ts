import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../http/errors.ts';
import { clearSessionCookie, resolveSession } from './sessions.ts';

/** The signed-in user, as later modules see it. */
export type SessionUser = {
  id: string;
  email: string;
  username: string;
  emailConfirmed: boolean;
  pendingEmail: string | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Set by `requireUser`; only routes that use it may read it. */
    user: SessionUser;
    /** Hash of the session token (the sessions.id), set by `requireUser`. */
    sessionId: string;
  }
}

export const NOT_SIGNED_IN = 'You are not logged in. Please log in and try again.';

/**
 * preHandler for every signed-in endpoint: 401 `{err}` without a valid session, otherwise sets
 * `request.user` and renews the session when due. The app decorates itself with it
 * (`app.requireUser`), and routeEndpoint runs it before every `auth: 'user'` entry of the table.
 */
export async function requireUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const session = await resolveSession(request.server.ctx, request, reply);
  if (!session) {
    if (request.cookies.roughcut_session) clearSessionCookie(request, reply);
    return sendError(reply, 401, NOT_SIGNED_IN);
  }
  const { user } = session;
  request.sessionId = session.sessionId;
  request.user = {
    id: user.id,
    email: user.email,
    username: user.username,
    emailConfirmed: user.emailConfirmed,
    pendingEmail: user.pendingEmail,
  };
  return undefined;
}
