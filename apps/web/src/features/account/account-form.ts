import type { UpdateUserRequest } from '@roughcut/shared';

export const EMPTY_EMAIL = 'Unable to update to an empty email, please enter an email.';
export const SAME_EMAIL =
  'Email is already set to this email, please change the email first to update it.';

/**
 * What the password field holds until the user edits it: rendered as dots, never sent.
 * NOTE: it is not a real password and cannot be one a user types by accident.
 */
const PLACEHOLDER_CHAR = '\u2063';
export const PASSWORD_PLACEHOLDER = PLACEHOLDER_CHAR.repeat(8);

/** The password field's next value: typing into the placeholder replaces it rather than extends it. */
export function editPasswordField(previous: string, next: string): string {
  return previous === PASSWORD_PLACEHOLDER ? next.replaceAll(PLACEHOLDER_CHAR, '') : next;
}

/** SPEC section 5 "Update e-mail". `touched` is false while the field still holds the loaded value. */
export function validateEmailUpdate(input: {
  newEmail: string;
  currentEmail: string;
  touched: boolean;
}): string | null {
  const next = input.newEmail.trim();
  if (next === '') return EMPTY_EMAIL;
  if (!input.touched || next.toLowerCase() === input.currentEmail.trim().toLowerCase()) {
    return SAME_EMAIL;
  }
  return null;
}

/** SPEC section 7 POST /api/manage/user: username, and password only if it was changed. */
export function buildUserUpdate(input: { username: string; password: string }): UpdateUserRequest {
  const update: UpdateUserRequest = {};
  const username = input.username.trim();
  if (username !== '') update.username = username;
  // Leftover placeholder dots (some deleted, some kept) are never part of a real password.
  const password = input.password.replaceAll(PLACEHOLDER_CHAR, '');
  if (password !== '') update.password = password;
  return update;
}
