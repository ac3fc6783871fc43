import { z } from 'zod';
import { entityIdSchema } from './autojob.contract.ts';
import { idParamSchema, plainText } from './common.contract.ts';

// Not in the spec (issue 36): personal access tokens, the credential of scripts, the command-line
// client and the MCP server. A token is shown once when it is made; the server keeps its SHA-256.

/** Every token starts with this, so secret scanners can recognise a leaked one. */
export const ACCESS_TOKEN_PREFIX = 'rc_';
/** `rc_` and 43 base64url characters (256 random bits). */
export const ACCESS_TOKEN_PATTERN = /^rc_[A-Za-z0-9_-]{43}$/;
/** How much of a token the list shows, so the user can tell tokens apart. */
export const ACCESS_TOKEN_HINT_LENGTH = 7;

/** `read`: every GET; `read+edit`: every endpoint a token may reach. */
export const ACCESS_TOKEN_SCOPES = ['read', 'read+edit'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** The expiries offered, in days; null = never expires. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/** Live (not revoked, not expired) tokens one user may hold. */
export const MAX_ACCESS_TOKENS = 50;

export const ACCESS_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

export const accessTokenSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  /** The token's first characters (`rc_AbCd`), never the rest. */
  hint: z.string(),
  status: z.enum(ACCESS_TOKEN_STATUSES),
  /** unix seconds */
  created_at: z.number().int(),
  expires_at: z.number().int().nullable(),
  last_used_at: z.number().int().nullable(),
  revoked_at: z.number().int().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListResponseSchema = z.object({ tokens: z.array(accessTokenSchema) });
export type AccessTokenListResponse = z.infer<typeof accessTokenListResponseSchema>;

export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name, so you can tell it apart later.',
  scope: `The scope must be one of: ${ACCESS_TOKEN_SCOPES.join(', ')}.`,
  expiry: 'The expiry must be 30, 90 or 365 days, or null for a token that never expires.',
  tooMany: `You already have ${MAX_ACCESS_TOKENS} live tokens. Revoke one you no longer use first.`,
  notFound: 'This access token does not exist.',
} as const;

export const createAccessTokenRequestSchema = z.object({
  name: plainText(z.string().trim().min(1, { error: ACCESS_TOKEN_MESSAGES.nameRequired }).max(100)),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { error: ACCESS_TOKEN_MESSAGES.scope }),
  expires_in_days: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: ACCESS_TOKEN_MESSAGES.expiry,
  }),
});
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequestSchema>;

/** The token itself appears here once and never again. */
export const createAccessTokenResponseSchema = z.object({
  token: z.string().regex(ACCESS_TOKEN_PATTERN),
  access_token: accessTokenSchema,
});
export type CreateAccessTokenResponse = z.infer<typeof createAccessTokenResponseSchema>;

export const accessTokenParamsSchema = idParamSchema;

/** What a request with a token gets instead of the endpoint's answer (401 and 403). */
export const ACCESS_TOKEN_REFUSALS = {
  invalid:
    'This access token is not valid. Check that it was copied whole, or create a new one on the account page.',
  revoked:
    'This access token was revoked. Create a new one on the account page (API access) and use it instead.',
  expired:
    'This access token has expired. Create a new one on the account page (API access) and use it instead.',
  sessionOnly:
    'Access tokens cannot reach the account, password, e-mail, token or billing endpoints. Sign in on the website to use them.',
  readOnly:
    'This access token may only read. Create a token with the read+edit scope to make changes.',
  tooMany: 'Too many requests with this access token. Please wait a minute and try again.',
} as const;
