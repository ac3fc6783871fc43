import { ENDPOINTS, createAccessTokenRequestSchema } from '@roughcut/shared';
import type { CreateAccessTokenRequest } from '@roughcut/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// Issue 36: personal access tokens, made and revoked on the account page (session only).
export const tokensApi = {
  list: () => api.call(ENDPOINTS.accessTokens),
  create: (request: CreateAccessTokenRequest) =>
    api.call(ENDPOINTS.accessTokenCreate, { body: createAccessTokenRequestSchema.parse(request) }),
  revoke: (id: string) => api.call(ENDPOINTS.accessTokenRevoke, { params: { id } }),
};

export const TOKENS_LOAD_ERROR =
  'Your access tokens could not be loaded. Reload the page to try again.';

export const accessTokensQuery = queryOptions({
  queryKey: queryKeys.accessTokens,
  queryFn: () => tokensApi.list(),
});
