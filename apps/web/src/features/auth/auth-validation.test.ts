import { describe, expect, it, vi } from 'vitest';
import {
  alertOrSend,
  validateForgotPassword,
  validateLogin,
  validateNewPassword,
  validateSignup,
} from './auth-validation.ts';

describe('validateLogin', () => {
  it('asks for the e-mail or username first', () => {
    expect(validateLogin({ email: '', password: '' })).toBe('Must enter email');
    expect(validateLogin({ email: '   ', password: 'secret' })).toBe('Must enter email');
  });
  it('then asks for the password', () => {
    expect(validateLogin({ email: 'ann', password: '' })).toBe('Must enter password');
  });
  it('accepts a filled form', () => {
    expect(validateLogin({ email: 'ann@example.com', password: ' ' })).toBeNull();
  });
});

describe('validateSignup', () => {
  it('checks e-mail, then username, then password', () => {
    expect(validateSignup({ email: '', username: '', password: '' })).toBe('Must enter email');
    expect(validateSignup({ email: 'a@b.c', username: '', password: '' })).toBe(
      'Must enter username',
    );
    expect(validateSignup({ email: 'a@b.c', username: 'ann', password: '' })).toBe(
      'Must enter password',
    );
    expect(validateSignup({ email: 'a@b.c', username: 'ann', password: 'pw' })).toBe(
      'Your password must be at least 8 characters long. Please choose a longer password.',
    );
    expect(validateSignup({ email: 'a@b.c', username: 'ann', password: 'pw-12345' })).toBeNull();
  });
  it('treats whitespace-only e-mail and username as empty', () => {
    expect(validateSignup({ email: ' ', username: 'ann', password: 'pw' })).toBe(
      'Must enter email',
    );
    expect(validateSignup({ email: 'a@b.c', username: '\t', password: 'pw' })).toBe(
      'Must enter username',
    );
  });
});

describe('validateForgotPassword and validateNewPassword', () => {
  it('require a value', () => {
    expect(validateForgotPassword({ email: '' })).toBe('Must enter email');
    expect(validateForgotPassword({ email: 'ann' })).toBeNull();
    expect(validateNewPassword({ password: '' })).toBe('Must enter password');
    expect(validateNewPassword({ password: 'n3w' })).toBe(
      'Your password must be at least 8 characters long. Please choose a longer password.',
    );
    expect(validateNewPassword({ password: '1234567' })).not.toBeNull();
    expect(validateNewPassword({ password: '12345678' })).toBeNull();
    // Characters as users count them: seven emoji are seven characters, not fourteen.
    expect(validateNewPassword({ password: '🙂'.repeat(7) })).not.toBeNull();
  });
});

describe('alertOrSend', () => {
  it('alerts the first failing rule and sends nothing', () => {
    const alert = vi.fn();
    const send = vi.fn();
    alertOrSend({ email: '', password: '' }, validateLogin, send, alert);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Must enter email');
    expect(send).not.toHaveBeenCalled();
  });
  it('sends the form as typed when every rule passes', () => {
    const alert = vi.fn();
    const send = vi.fn();
    alertOrSend({ email: ' ann ', password: 'pw' }, validateLogin, send, alert);
    expect(send).toHaveBeenCalledExactlyOnceWith({ email: ' ann ', password: 'pw' });
    expect(alert).not.toHaveBeenCalled();
  });
});
