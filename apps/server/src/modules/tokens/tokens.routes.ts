import { ENDPOINTS } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { createAccessToken, listTokens, revokeToken } from './tokens.service.ts';

const OK: OkResponse = { ok: true };

/** Personal access tokens on the account page (session only: the table marks them). */
export const tokensModule: AppModule = {
  name: 'tokens',
  register(app, ctx) {
    routeEndpoint(app, ENDPOINTS.accessTokens, {}, async (request) =>
      listTokens(ctx, request.user.id),
    );
    routeEndpoint(
      app,
      ENDPOINTS.accessTokenCreate,
      { where: { body: 'The token' } },
      async (request, { body }) => createAccessToken(ctx, request.user.id, body),
    );
    routeEndpoint(app, ENDPOINTS.accessTokenRevoke, {}, async (request, { params }) => {
      await revokeToken(ctx, request.user.id, params.id);
      return OK;
    });
  },
};
