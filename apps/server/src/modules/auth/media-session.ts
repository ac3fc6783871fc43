import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/errors.ts';
import type { MediaSession } from '../../storage/media-token.ts';
import { NOT_SIGNED_IN } from './auth.guard.ts';
import { liveSessionStamp } from './sessions.ts';

/**
 * The session a media link is signed for: the caller's, with the stamp of its current password,
 * so the link stops working when the session ends or the password changes.
 */
export async function mediaSessionOf(ctx: AppContext, sessionId: string): Promise<MediaSession> {
  const stamp = await liveSessionStamp(ctx, sessionId);
  // NOTE: signed out between the guard and here (another tab's logout): no link.
  if (stamp === undefined) throw new HttpError(401, NOT_SIGNED_IN);
  return { id: sessionId, stamp };
}
