import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { codes, sessions } from '../../db/tables/auth.schema.ts';
import { deleteExpiredMediaLinks } from '../../storage/media-links.repository.ts';
import { MEDIA_LINK_RETENTION_MS } from '../../storage/media-token.ts';
import { deleteEndedAttempts } from './login-attempts.repository.ts';

/** Expired codes are kept this long so their links still answer "expired" rather than "not valid". */
const CODE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Hourly: deletes expired sessions, long-expired codes and media links, and ended login-attempt
 * windows. Safe to run any number of times.
 */
export const cleanupAuthJob = defineJob({
  name: 'cleanup-auth',
  payload: z.object({}),
  schedule: '17 * * * *',
  async handle(_payload, { db, log }) {
    const now = new Date();
    const deletedSessions = await db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.id });
    const deletedCodes = await db
      .delete(codes)
      .where(lt(codes.expiresAt, new Date(now.getTime() - CODE_RETENTION_MS)))
      .returning({ hash: codes.hash });
    const mediaLinks = await deleteExpiredMediaLinks(
      db,
      new Date(now.getTime() - MEDIA_LINK_RETENTION_MS),
    );
    const loginAttempts = await deleteEndedAttempts(db, now);
    log.info(
      {
        sessions: deletedSessions.length,
        codes: deletedCodes.length,
        mediaLinks,
        loginAttempts,
      },
      'removed expired sessions, codes, media links and login counts',
    );
  },
});
