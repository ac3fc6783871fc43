import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import {
  deleteAllAssets,
  getAssetUrl,
  getDownloadUrl,
  listAssets,
  uploadVideo,
} from './edit-assets.service.ts';

const OK: OkResponse = { ok: true };

export function registerEditAssetRoutes(app: FastifyInstance, ctx: AppContext): void {
  routeEndpoint(app, ENDPOINTS.autojobAssets, {}, async (request, { params }) =>
    listAssets(ctx, request.user.id, params.id),
  );

  routeEndpoint(app, ENDPOINTS.autojobAsset, {}, async (request, { params }) =>
    getAssetUrl(ctx, request.user.id, request.sessionId, params.id, params.asset_id),
  );

  routeEndpoint(
    app,
    ENDPOINTS.autojobDownload,
    { where: { query: 'The download' } },
    async (request, { params, query }) =>
      getDownloadUrl(ctx, request.user.id, request.sessionId, params.id, query.asset_id),
  );

  routeEndpoint(app, ENDPOINTS.autojobAssetsAll, {}, async (request, { params }) => {
    await deleteAllAssets(ctx, request.user.id, params.id);
    return OK;
  });

  routeEndpoint(app, ENDPOINTS.autojobUpload, {}, async (request, { params }) =>
    uploadVideo(ctx, request, request.user.id, params.id),
  );
}
