import { createHash, randomBytes } from 'node:crypto';
import type { CodeKind } from '../../db/tables/auth.schema.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const CODE_TTL_MS: Record<CodeKind, number> = {
  confirm: 7 * DAY_MS,
  reset: HOUR_MS,
  email_change: 7 * DAY_MS,
};

/** 256 random bits, URL-safe: used for e-mailed codes and session tokens. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes and session tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function codeExpiry(kind: CodeKind, now: Date): Date {
  return new Date(now.getTime() + CODE_TTL_MS[kind]);
}

export type CodeState = 'valid' | 'used' | 'expired';

export function codeState(code: { usedAt: Date | null; expiresAt: Date }, now: Date): CodeState {
  if (code.usedAt) return 'used';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export const CODE_MESSAGES = {
  unknown:
    'This link is not valid. Please check that you opened the whole link from the most recent e-mail.',
  used: 'This link has already been used.',
  expired: 'This link has expired. Please request a new one.',
} as const;
