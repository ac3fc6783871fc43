import { z } from 'zod';
import { SUBSCRIPTION_TYPES } from '../constants.ts';
import { identityText, plainText } from './common.contract.ts';

// SPEC section 7 "Authentication and registration" and "Account and billing".
// NOTE: no length or format rules are shown for credentials; the bounds here only stop abuse,
// and control characters are refused (a NUL would otherwise reach the database as a 500).
const credential = identityText(z.string().max(320));
const usernameText = identityText(z.string().max(64));

/**
 * Not in the spec: a new password (sign-up, reset, account page) needs at least this many
 * characters, as users and security standards expect. Logging in with an older, shorter
 * password still works.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long. Please choose a longer password.`;

/** Counts characters as users see them (an emoji is one), not UTF-16 units. */
export const isPasswordLongEnough = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN_LENGTH;

export const loginRequestSchema = z.object({
  /** E-mail or username. */
  email: credential,
  password: z.string().max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: credential,
  username: usernameText,
  password: z.string().max(1024),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const codeParamSchema = z.object({ code: plainText(z.string().min(1).max(256)) });

export const resetPasswordRequestParamSchema = z.object({
  emailOrUsername: identityText(z.string().min(1).max(320)),
});

export const resetPasswordConfirmRequestSchema = z.object({
  password: z.string().min(1).max(1024),
});

export const accountResponseSchema = z.object({
  subscription_type: z.union([z.enum(SUBSCRIPTION_TYPES), z.string()]),
  download_count: z.number().int().min(0),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const userResponseSchema = z.object({
  email: z.string(),
  username: z.string(),
  email_confirmed: z.boolean(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/auth/attemptlogin and POST /api/auth/login answer with the signed-in user. */
export const sessionUserResponseSchema = userResponseSchema;

/** POST /api/manage/user: username, and password only if changed. */
export const updateUserRequestSchema = z.object({
  email: identityText(z.string().max(320)).optional(),
  username: identityText(z.string().min(1).max(64)).optional(),
  email_confirmed: z.boolean().optional(),
  password: z.string().min(1).max(1024).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updateEmailParamSchema = z.object({
  newEmail: identityText(z.string().min(3).max(320)),
});
