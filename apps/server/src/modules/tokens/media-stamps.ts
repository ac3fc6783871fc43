import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/errors.ts';
import type { MediaSession } from '../../storage/media-token.ts';
import { NOT_SIGNED_IN, liveSessionStamp } from '../auth/index.ts';
import { TOKEN_SESSION_PREFIX } from './token.guard.ts';
import { accessTokenStatus } from './tokens.service.ts';
import { findAccessTokenById } from './tokens.repository.ts';

/**
 * The credential stamp a media link checks on every request: a session's (its password's
 * digest), or for a link a token asked for, the token's while it is live, so revoking or the
 * expiry of the token ends its links at once, as logging out ends a session's.
 */
export async function liveCredentialStamp(
  ctx: AppContext,
  id: string,
): Promise<string | undefined> {
  if (!id.startsWith(TOKEN_SESSION_PREFIX)) return liveSessionStamp(ctx, id);
  const row = await findAccessTokenById(ctx.db, id.slice(TOKEN_SESSION_PREFIX.length));
  if (!row || accessTokenStatus(row, ctx.now()) !== 'active') return undefined;
  return `token:${row.hint}`;
}

/** The credential a media link is signed for (the request's session or token). */
export async function mediaSessionOf(ctx: AppContext, sessionId: string): Promise<MediaSession> {
  const stamp = await liveCredentialStamp(ctx, sessionId);
  if (stamp === undefined) throw new HttpError(401, NOT_SIGNED_IN);
  return { id: sessionId, stamp };
}
