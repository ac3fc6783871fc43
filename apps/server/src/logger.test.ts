import { describe, expect, it } from 'vitest';
import { maskCodes } from './logger.ts';
import { linkFor } from './mail/messages.ts';

describe('maskCodes', () => {
  it('hides codes in confirmation URLs and leaves other URLs alone', () => {
    expect(maskCodes('/api/register/abc_DEF-1/confirm')).toBe('/api/register/***/confirm');
    expect(maskCodes('/api/resetpassword/xyz/confirm')).toBe('/api/resetpassword/***/confirm');
    expect(maskCodes('/api/updateemail/xyz/confirm?a=1')).toBe('/api/updateemail/***/confirm?a=1');
    expect(maskCodes('/api/resetpassword/alice')).toBe('/api/resetpassword/alice');
    expect(maskCodes('/api/manage/user')).toBe('/api/manage/user');
  });
});

describe('linkFor', () => {
  it("points at the spec's web routes", () => {
    expect(linkFor('confirm', 'https://x.test', 'c0de')).toBe(
      'https://x.test/register/c0de/confirm',
    );
    expect(linkFor('reset', 'https://x.test', 'c0de')).toBe('https://x.test/resetpassword/c0de');
    expect(linkFor('email_change', 'https://x.test', 'c0de')).toBe(
      'https://x.test/confirm-email/c0de',
    );
  });
});
