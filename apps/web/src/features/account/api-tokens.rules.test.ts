import { describe, expect, it } from 'vitest';
import { describeTokenUse, expiryLabel } from './api-tokens.rules.ts';

const DAY = 24 * 60 * 60;
const at = Date.UTC(2026, 11, 3, 12) / 1000;

describe('the access token list words', () => {
  it('says whether a token was used', () => {
    expect(describeTokenUse(null)).toBe('Never used');
    expect(describeTokenUse(at)).toMatch(/^Last used .*2026/);
  });

  it('says when a token ends, or that it was revoked', () => {
    expect(expiryLabel({ status: 'active', expires_at: null, revoked_at: null })).toBe(
      'Never expires',
    );
    expect(expiryLabel({ status: 'active', expires_at: at + 30 * DAY, revoked_at: null })).toMatch(
      /^Expires .*2027/,
    );
    expect(expiryLabel({ status: 'expired', expires_at: at, revoked_at: null })).toMatch(
      /^Expired /,
    );
    expect(expiryLabel({ status: 'revoked', expires_at: null, revoked_at: at })).toMatch(
      /^Revoked /,
    );
  });
});
