import type { AccountResponse, UpdateUserRequest } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { conflict } from '../../http/errors.ts';
import type { SessionUser } from '../auth/auth.guard.ts';
import { AUTH_MESSAGES as M } from '../auth/auth.messages.ts';
import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  findValidCode,
  isEmailTakenByOther,
  isUsernameTakenByOther,
  redeemCode,
  rethrowUserConflict,
  saveUserCredentials,
  signOutOtherSessions,
} from '../shared/credentials.ts';
import { hashPassword } from '../auth/passwords.ts';
import { sendMailJob } from '../auth/send-mail.job.ts';
import { badRequest } from '../../http/errors.ts';
import { findAccount } from './account.repository.ts';

export async function getAccount(ctx: AppContext, userId: string): Promise<AccountResponse> {
  const account = await findAccount(ctx.db, userId);
  // NOTE: every user gets an account row at sign-up; a missing one reads as a fresh trial.
  return {
    subscription_type: account?.subscriptionType ?? 'trial',
    download_count: account?.downloadCount ?? 0,
  };
}

/**
 * Saves username and, when sent, a new password. E-mail and email_confirmed in the body are
 * ignored: the e-mail changes only through the confirmation link.
 */
export async function saveUser(
  ctx: AppContext,
  user: SessionUser,
  sessionId: string,
  input: UpdateUserRequest,
): Promise<void> {
  const patch: { username?: string; passwordHash?: string } = {};
  if (input.username !== undefined) {
    const username = checkUsername(input.username);
    if (username !== user.username) {
      if (await isUsernameTakenByOther(ctx, username, user.id)) throw conflict(M.usernameTaken);
      patch.username = username;
    }
  }
  if (input.password !== undefined) {
    patch.passwordHash = await hashPassword(checkNewPassword(input.password));
  }
  if (!patch.username && !patch.passwordHash) return;
  try {
    await saveUserCredentials(ctx, user.id, patch);
  } catch (error) {
    rethrowUserConflict(error);
  }
  // NOTE: a new password signs out every other session, as users expect after a change.
  if (patch.passwordHash) await signOutOtherSessions(ctx, user.id, sessionId);
}

export async function requestEmailChange(
  ctx: AppContext,
  user: SessionUser,
  rawNewEmail: string,
): Promise<void> {
  if (!rawNewEmail.trim()) throw badRequest(M.emptyNewEmail);
  const newEmail = checkEmail(rawNewEmail);
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw badRequest(M.sameEmail);
  if (await isEmailTakenByOther(ctx, newEmail, user.id)) throw conflict(M.newEmailTaken);
  await saveUserCredentials(ctx, user.id, { pendingEmail: newEmail });
  await ctx.queue.send(sendMailJob, { kind: 'email_change', userId: user.id });
}

export async function confirmEmailChange(ctx: AppContext, rawCode: string): Promise<void> {
  const code = await findValidCode(ctx, rawCode, 'email_change');
  const newEmail = code.newEmail;
  if (!newEmail) throw new Error(`email_change code without new_email (user ${code.userId})`);
  if (await isEmailTakenByOther(ctx, newEmail, code.userId))
    throw conflict(M.emailChangeTakenMeanwhile);
  await redeemCode(ctx, code);
  try {
    await saveUserCredentials(ctx, code.userId, {
      email: newEmail,
      emailConfirmed: true,
      pendingEmail: null,
    });
  } catch (error) {
    rethrowUserConflict(error, M.emailChangeTakenMeanwhile);
  }
}
