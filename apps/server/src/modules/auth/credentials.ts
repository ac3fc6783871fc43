// Credential rules and one-time codes, shared by sign-up and password reset (auth) and by the
// account page (account): the same checks and messages wherever a user sets them.
import { PASSWORD_TOO_SHORT_MESSAGE, isPasswordLongEnough } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { HttpError, badRequest, conflict } from '../../http/errors.ts';
import type { CodeKind } from '../../db/tables/auth.schema.ts';
import { AUTH_MESSAGES as M } from './auth.messages.ts';
import { CODE_MESSAGES, codeState, hashToken } from './codes.ts';
import { consumeCode, findCodeByHash } from './codes.repository.ts';
import type { CodeRow } from './codes.repository.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) throw badRequest(M.mustEnterEmail);
  if (!EMAIL_PATTERN.test(trimmed)) throw badRequest(M.invalidEmail);
  return trimmed;
}

export function checkUsername(username: string): string {
  const trimmed = username.trim();
  if (!trimmed) throw badRequest(M.mustEnterUsername);
  if (trimmed.includes('@')) throw badRequest(M.usernameHasAt);
  if (/\s/.test(trimmed)) throw badRequest(M.usernameHasSpace);
  return trimmed;
}

/** A password being set (sign-up, reset, account page); logging in takes any stored one. */
export function checkNewPassword(password: string): string {
  if (!password) throw badRequest(M.mustEnterPassword);
  if (!isPasswordLongEnough(password)) throw badRequest(PASSWORD_TOO_SHORT_MESSAGE);
  return password;
}

/** Maps a unique-index violation on users to the matching user-facing conflict. */
export function rethrowUserConflict(error: unknown, emailMessage: string = M.emailTaken): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('email')) throw conflict(emailMessage);
  if (constraint?.includes('username')) throw conflict(M.usernameTaken);
  throw error;
}

/** Looks a code up for `kind` and reports unknown, used and expired codes clearly. */
export async function findValidCode(
  ctx: AppContext,
  rawCode: string,
  kind: CodeKind,
): Promise<CodeRow> {
  const code = await findCodeByHash(ctx.db, hashToken(rawCode));
  if (!code || code.kind !== kind) throw new HttpError(404, CODE_MESSAGES.unknown);
  const state = codeState(code, ctx.now());
  if (state === 'used') throw new HttpError(410, CODE_MESSAGES.used);
  if (state === 'expired') throw new HttpError(410, CODE_MESSAGES.expired);
  return code;
}

export async function redeemCode(ctx: AppContext, code: CodeRow): Promise<void> {
  if (!(await consumeCode(ctx.db, code.hash, ctx.now()))) {
    throw new HttpError(410, CODE_MESSAGES.used);
  }
}
