// SPEC section 5: the first failing rule's message is alerted; null means the form may be sent.
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  isPasswordLongEnough,
} from '@roughcut/shared';

export const MUST_ENTER_EMAIL = 'Must enter email';
export const MUST_ENTER_USERNAME = 'Must enter username';
export const MUST_ENTER_PASSWORD = 'Must enter password';
export { PASSWORD_TOO_SHORT_MESSAGE };
/** Shown under every field that sets a new password. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

const isBlank = (value: string) => value.trim() === '';

export function validateLogin(form: { email: string; password: string }): string | null {
  if (isBlank(form.email)) return MUST_ENTER_EMAIL;
  if (form.password === '') return MUST_ENTER_PASSWORD;
  return null;
}

export function validateSignup(form: {
  email: string;
  username: string;
  password: string;
}): string | null {
  if (isBlank(form.email)) return MUST_ENTER_EMAIL;
  if (isBlank(form.username)) return MUST_ENTER_USERNAME;
  if (form.password === '') return MUST_ENTER_PASSWORD;
  if (!isPasswordLongEnough(form.password)) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}

export function validateForgotPassword(form: { email: string }): string | null {
  return isBlank(form.email) ? MUST_ENTER_EMAIL : null;
}

export function validateNewPassword(form: { password: string }): string | null {
  if (form.password === '') return MUST_ENTER_PASSWORD;
  if (!isPasswordLongEnough(form.password)) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}

/** Sends the form only when no rule fails; otherwise the first failing rule's message is alerted. */
export function alertOrSend<Values>(
  values: Values,
  validate: (values: Values) => string | null,
  send: (values: Values) => void,
  alert: (message: string) => void,
): void {
  const problem = validate(values);
  if (problem) alert(problem);
  else send(values);
}
