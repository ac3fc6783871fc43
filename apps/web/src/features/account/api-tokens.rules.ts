import type { AccessToken } from '@roughcut/shared';

const dateOf = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

/** "Never used" or "Last used 3 Dec 2026". */
export function describeTokenUse(lastUsedAt: number | null): string {
  return lastUsedAt === null ? 'Never used' : `Last used ${dateOf(lastUsedAt)}`;
}

/** What the list says of a token's end: when it expires, expired or was revoked. */
export function expiryLabel(
  token: Pick<AccessToken, 'status' | 'expires_at' | 'revoked_at'>,
): string {
  if (token.status === 'revoked' && token.revoked_at !== null) {
    return `Revoked ${dateOf(token.revoked_at)}`;
  }
  if (token.expires_at === null) return 'Never expires';
  return `${token.status === 'expired' ? 'Expired' : 'Expires'} ${dateOf(token.expires_at)}`;
}
