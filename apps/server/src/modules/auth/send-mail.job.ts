import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { buildMessage, linkFor } from '../../mail/messages.ts';
import { CODE_KINDS } from '../../db/tables/auth.schema.ts';
import { findUserById, findUserByLogin } from './auth.repository.ts';
import { codeExpiry, generateToken, hashToken } from './codes.ts';
import { findCodeByJob, markCodeSent, replaceCode } from './codes.repository.ts';

/**
 * Sends a confirmation, password-reset or e-mail-change message. The payload carries ids, or for
 * a reset the e-mail or username it was asked for: the code is created here, so the raw code
 * exists only in the e-mail, never in a database row.
 */
export const sendMailJob = defineJob({
  name: 'send-mail',
  payload: z.union([
    z.object({ kind: z.enum(CODE_KINDS), userId: z.string().min(1) }),
    // NOTE: a reset request is queued as typed, whether or not an account has that name, so the
    // request answers after the same work either way and its timing tells nobody which exist.
    z.object({ kind: z.literal('reset'), login: z.string().min(1) }),
  ]),
  async handle(payload, { db, config, mailer, log, jobId }) {
    const previous = await findCodeByJob(db, jobId);
    if (previous?.sentAt) {
      log.info('mail already sent by an earlier attempt of this job');
      return;
    }
    const { kind } = payload;
    const user =
      'userId' in payload
        ? await findUserById(db, payload.userId)
        : await findUserByLogin(db, payload.login);
    if (!user) {
      log.info('no such account; nothing to send');
      return;
    }
    const userId = user.id;
    const to = kind === 'email_change' ? user.pendingEmail : user.email;
    if (!to) {
      log.info('no pending e-mail change; nothing to send');
      return;
    }
    const code = generateToken();
    const hash = hashToken(code);
    const now = new Date();
    await replaceCode(db, {
      hash,
      kind,
      userId,
      newEmail: kind === 'email_change' ? to : null,
      expiresAt: codeExpiry(kind, now),
      jobId,
    });
    await mailer.send(buildMessage(kind, to, user.username, linkFor(kind, config.publicUrl, code)));
    await markCodeSent(db, hash, new Date());
  },
});
