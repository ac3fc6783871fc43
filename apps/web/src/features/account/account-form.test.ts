import { describe, expect, it } from 'vitest';
import {
  PASSWORD_PLACEHOLDER,
  buildUserUpdate,
  editPasswordField,
  validateEmailUpdate,
} from './account-form.ts';

const empty = 'Unable to update to an empty email, please enter an email.';
const same = 'Email is already set to this email, please change the email first to update it.';

describe('validateEmailUpdate', () => {
  it('rejects an empty value', () => {
    expect(validateEmailUpdate({ newEmail: '', currentEmail: 'a@b.c', touched: true })).toBe(empty);
    expect(validateEmailUpdate({ newEmail: '  ', currentEmail: 'a@b.c', touched: true })).toBe(
      empty,
    );
  });
  it('rejects an untouched field', () => {
    expect(validateEmailUpdate({ newEmail: 'a@b.c', currentEmail: 'a@b.c', touched: false })).toBe(
      same,
    );
  });
  it('rejects the current e-mail in any letter case', () => {
    expect(validateEmailUpdate({ newEmail: 'A@B.C ', currentEmail: 'a@b.c', touched: true })).toBe(
      same,
    );
  });
  it('accepts a different e-mail', () => {
    expect(
      validateEmailUpdate({ newEmail: 'new@b.c', currentEmail: 'a@b.c', touched: true }),
    ).toBeNull();
  });
});

describe('password placeholder', () => {
  it('is never sent', () => {
    expect(buildUserUpdate({ username: 'ann', password: PASSWORD_PLACEHOLDER })).toEqual({
      username: 'ann',
    });
    expect(buildUserUpdate({ username: 'ann', password: PASSWORD_PLACEHOLDER.slice(3) })).toEqual({
      username: 'ann',
    });
  });
  it('sends a changed password and a trimmed username', () => {
    expect(buildUserUpdate({ username: ' ann2 ', password: 'n3w pass' })).toEqual({
      username: 'ann2',
      password: 'n3w pass',
    });
  });
  it('sends no username when it was cleared', () => {
    expect(buildUserUpdate({ username: '', password: 'pw' })).toEqual({ password: 'pw' });
  });
  it('is replaced, not extended, by the first keystroke', () => {
    expect(editPasswordField(PASSWORD_PLACEHOLDER, `${PASSWORD_PLACEHOLDER}x`)).toBe('x');
    expect(editPasswordField('x', 'xy')).toBe('xy');
  });
  it('renders as dots but holds no typeable text', () => {
    expect(PASSWORD_PLACEHOLDER.length).toBeGreaterThan(0);
    expect(PASSWORD_PLACEHOLDER.trim()).toBe(PASSWORD_PLACEHOLDER);
    expect(/[\p{L}\p{N}]/u.test(PASSWORD_PLACEHOLDER)).toBe(false);
  });
});
