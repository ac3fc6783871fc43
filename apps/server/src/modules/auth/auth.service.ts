import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { AUTH_MESSAGES as M } from './auth.messages.ts';
import type { LoginLockout } from './login-lockout.ts';
import {
  deleteUserSessions,
  findUserByLogin,
  insertUserWithAccount,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
} from './auth.repository.ts';
import type { UserRow } from './auth.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { sendMailJob } from './send-mail.job.ts';
import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  findValidCode,
  redeemCode,
  rethrowUserConflict,
} from './credentials.ts';

export async function register(
  ctx: AppContext,
  input: { email: string; username: string; password: string },
): Promise<UserRow> {
  // NOTE: checked in the spec's order (section 5): email, username, password.
  if (!input.email.trim()) throw badRequest(M.mustEnterEmail);
  if (!input.username.trim()) throw badRequest(M.mustEnterUsername);
  if (!input.password) throw badRequest(M.mustEnterPassword);
  const email = checkEmail(input.email);
  const username = checkUsername(input.username);
  checkNewPassword(input.password);
  if (await isEmailTaken(ctx.db, email)) throw conflict(M.emailTaken);
  if (await isUsernameTaken(ctx.db, username)) throw conflict(M.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await insertUserWithAccount(ctx.db, { email, username, passwordHash });
  } catch (error) {
    rethrowUserConflict(error);
  }
  await ctx.queue.send(sendMailJob, { kind: 'confirm', userId: user.id });
  return user;
}

export type LoginResult = { user: UserRow } | { retryAfterS: number };

/**
 * The user for these credentials; one message for every failure, so accounts cannot be probed.
 * `client` (the request's IP) and the account together count wrong passwords (`LoginLockout`):
 * the try is counted before the password is checked and given back when it is right, and a
 * locked-out client gets `retryAfterS` without its password being checked.
 */
export async function authenticate(
  ctx: AppContext,
  input: { email: string; password: string },
  lockout: LoginLockout,
  client: string,
): Promise<LoginResult> {
  if (!input.email.trim()) throw badRequest(M.mustEnterEmail);
  if (!input.password) throw badRequest(M.mustEnterPassword);
  const identifier = input.email.trim();
  const user = await findUserByLogin(ctx.db, identifier);
  // NOTE: a user's e-mail and username are one account; an unknown name counts on its own.
  const account = user ? `user:${user.id}` : `unknown:${identifier.toLowerCase()}`;
  const held = await lockout.reserve(account, client);
  if ('retryAfterS' in held) return held;
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password).then(() => false);
  if (!user || !valid) throw unauthorized(M.loginFailed);
  await lockout.succeeded(held);
  return { user };
}

export async function confirmRegistration(ctx: AppContext, rawCode: string): Promise<void> {
  const code = await findValidCode(ctx, rawCode, 'confirm');
  await redeemCode(ctx, code);
  await updateUser(ctx.db, code.userId, { emailConfirmed: true });
}

/**
 * Queues a reset request; the mail job finds the account (if any), makes the code and mails it.
 * WARNING: keep both cases on one path up to the answer (one lookup, one queued job), so the
 * response time does not tell whether an account exists. `mayMail` says whether this account
 * may get another mail now (e-mail and username of one user count as one account).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  emailOrUsername: string,
  mayMail: (account: string) => boolean,
): Promise<boolean> {
  const identifier = emailOrUsername.trim();
  const user = await findUserByLogin(ctx.db, identifier);
  if (!mayMail(user ? `user:${user.id}` : `unknown:${identifier.toLowerCase()}`)) return false;
  await ctx.queue.send(sendMailJob, { kind: 'reset', login: identifier });
  return true;
}

export async function confirmPasswordReset(
  ctx: AppContext,
  rawCode: string,
  password: string,
): Promise<void> {
  checkNewPassword(password);
  const code = await findValidCode(ctx, rawCode, 'reset');
  const passwordHash = await hashPassword(password);
  await redeemCode(ctx, code);
  // NOTE: the link reached the account's mailbox, which also proves the address.
  await updateUser(ctx.db, code.userId, { passwordHash, emailConfirmed: true });
  await deleteUserSessions(ctx.db, code.userId);
}
