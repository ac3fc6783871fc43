import type { AccountResponse, UpdateUserRequest } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { conflict } from '../../http/errors.ts';
import type { SessionUser } from '../auth/index.ts';
import {
  AUTH_MESSAGES as M,
  checkEmail,
  checkNewPassword,
  checkUsername,
  deleteUserSessions,
  findValidCode,
  hashPassword,
  isEmailTaken,
  isUsernameTaken,
  redeemCode,
  rethrowUserConflict,
  sendMailJob,
  updateUser,
} from '../auth/index.ts';
import { badRequest } from '../../http/errors.ts';
import { findPlanAccount } from '../billing/index.ts';

export async function getAccount(ctx: AppContext, userId: string): Promise<AccountResponse> {
  const account = await findPlanAccount(ctx.db, userId);
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
      if (await isUsernameTaken(ctx.db, username, user.id)) throw conflict(M.usernameTaken);
      patch.username = username;
    }
  }
  if (input.password !== undefined) {
    patch.passwordHash = await hashPassword(checkNewPassword(input.password));
  }
  if (!patch.username && !patch.passwordHash) return;
  try {
    await updateUser(ctx.db, user.id, patch);
  } catch (error) {
    rethrowUserConflict(error);
  }
  // NOTE: a new password signs out every other session, as users expect after a change.
  if (patch.passwordHash) await deleteUserSessions(ctx.db, user.id, sessionId);
}

export async function requestEmailChange(
  ctx: AppContext,
  user: SessionUser,
  rawNewEmail: string,
): Promise<void> {
  if (!rawNewEmail.trim()) throw badRequest(M.emptyNewEmail);
  const newEmail = checkEmail(rawNewEmail);
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw badRequest(M.sameEmail);
  if (await isEmailTaken(ctx.db, newEmail, user.id)) throw conflict(M.newEmailTaken);
  await updateUser(ctx.db, user.id, { pendingEmail: newEmail });
  await ctx.queue.send(sendMailJob, { kind: 'email_change', userId: user.id });
}

export async function confirmEmailChange(ctx: AppContext, rawCode: string): Promise<void> {
  const code = await findValidCode(ctx, rawCode, 'email_change');
  const newEmail = code.newEmail;
  if (!newEmail) throw new Error(`email_change code without new_email (user ${code.userId})`);
  if (await isEmailTaken(ctx.db, newEmail, code.userId))
    throw conflict(M.emailChangeTakenMeanwhile);
  await redeemCode(ctx, code);
  try {
    await updateUser(ctx.db, code.userId, {
      email: newEmail,
      emailConfirmed: true,
      pendingEmail: null,
    });
  } catch (error) {
    rethrowUserConflict(error, M.emailChangeTakenMeanwhile);
  }
}
