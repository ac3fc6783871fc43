// SPEC section 5: the first failing rule's message is alerted; null means the form may be sent.

export const MUST_ENTER_EMAIL = 'Must enter email';
export const MUST_ENTER_USERNAME = 'Must enter username';
export const MUST_ENTER_PASSWORD = 'Must enter password';

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
  return null;
}

export function validateForgotPassword(form: { email: string }): string | null {
  return isBlank(form.email) ? MUST_ENTER_EMAIL : null;
}

export function validateNewPassword(form: { password: string }): string | null {
  return form.password === '' ? MUST_ENTER_PASSWORD : null;
}
