import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_HINT_LENGTH,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PATTERN,
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS,
} from '@roughcut/shared';
import type {
  AccessToken,
  AccessTokenListResponse,
  CreateAccessTokenRequest,
  CreateAccessTokenResponse,
} from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import {
  countLiveAccessTokens,
  findAccessTokenByHash,
  insertAccessToken,
  listAccessTokens,
  revokeAccessToken,
  touchAccessToken,
} from './tokens.repository.ts';
import type { AccessTokenRow } from './tokens.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token, not on every request. */
const TOUCH_EVERY_MS = 60_000;

const seconds = (date: Date | null): number | null =>
  date === null ? null : Math.floor(date.getTime() / 1000);

export const hashAccessToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export function accessTokenStatus(row: AccessTokenRow, now: Date): AccessToken['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function toAccessTokenResponse(row: AccessTokenRow, now: Date): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    status: accessTokenStatus(row, now),
    created_at: seconds(row.createdAt) ?? 0,
    expires_at: seconds(row.expiresAt),
    last_used_at: seconds(row.lastUsedAt),
    revoked_at: seconds(row.revokedAt),
  };
}

export async function createAccessToken(
  ctx: AppContext,
  userId: string,
  request: CreateAccessTokenRequest,
): Promise<CreateAccessTokenResponse> {
  const now = ctx.now();
  if ((await countLiveAccessTokens(ctx.db, userId, now)) >= MAX_ACCESS_TOKENS) {
    throw new HttpError(409, ACCESS_TOKEN_MESSAGES.tooMany);
  }
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertAccessToken(ctx.db, {
    userId,
    name: request.name,
    scope: request.scope,
    hash: hashAccessToken(token),
    hint: token.slice(0, ACCESS_TOKEN_HINT_LENGTH),
    expiresAt:
      request.expires_in_days === null
        ? null
        : new Date(now.getTime() + request.expires_in_days * DAY_MS),
    createdAt: now,
  });
  return { token, access_token: toAccessTokenResponse(row, now) };
}

export async function listTokens(
  ctx: AppContext,
  userId: string,
): Promise<AccessTokenListResponse> {
  const now = ctx.now();
  const rows = await listAccessTokens(ctx.db, userId);
  return { tokens: rows.map((row) => toAccessTokenResponse(row, now)) };
}

export async function revokeToken(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await revokeAccessToken(ctx.db, userId, id, ctx.now()))) {
    throw notFound(ACCESS_TOKEN_MESSAGES.notFound);
  }
}

export type TokenCheck =
  { ok: true; row: AccessTokenRow } | { ok: false; reason: 'invalid' | 'revoked' | 'expired' };

/** What a bearer token is worth now; its last use is noted (at most once a minute). */
export async function checkAccessToken(ctx: AppContext, token: string): Promise<TokenCheck> {
  if (!ACCESS_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
  const row = await findAccessTokenByHash(ctx.db, hashAccessToken(token));
  if (!row) return { ok: false, reason: 'invalid' };
  const now = ctx.now();
  const status = accessTokenStatus(row, now);
  if (status !== 'active') return { ok: false, reason: status };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await touchAccessToken(ctx.db, row.id, now);
  }
  return { ok: true, row };
}
