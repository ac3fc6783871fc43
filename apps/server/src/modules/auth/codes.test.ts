import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, codeExpiry, codeState, generateToken, hashToken } from './codes.ts';

describe('codes', () => {
  it('generates URL-safe 256-bit tokens that differ every time', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('hashes with SHA-256, deterministically', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('abc')).not.toBe(hashToken('abd'));
  });

  it('expires reset codes after an hour and confirmations after 7 days', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(codeExpiry('reset', now).toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(codeExpiry('confirm', now).toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(CODE_TTL_MS.email_change).toBe(CODE_TTL_MS.confirm);
  });

  it('tells valid, used and expired codes apart', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2026-01-01T00:00:01Z');
    expect(codeState({ usedAt: null, expiresAt: later }, now)).toBe('valid');
    expect(codeState({ usedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(codeState({ usedAt: now, expiresAt: later }, now)).toBe('used');
    // A used code reports "used" even after it expired.
    expect(codeState({ usedAt: now, expiresAt: now }, later)).toBe('used');
  });
});
