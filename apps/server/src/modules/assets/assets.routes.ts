import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  assetParamsSchema,
  autoJobParamsSchema,
  downloadQuerySchema,
} from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.guard.ts';
import {
  deleteAllAssets,
  getAssetUrl,
  getDownloadUrl,
  listAssets,
  uploadVideo,
} from './assets.service.ts';

const OK: OkResponse = { ok: true };

function registerAssetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireUser };
  const jobId = (params: unknown): string => parseInput(autoJobParamsSchema, params, 'The id').id;

  app.get(API_ROUTES.autojobAssets, auth, async (request) =>
    listAssets(ctx, request.user.id, jobId(request.params)),
  );

  app.get(API_ROUTES.autojobAsset, auth, async (request) => {
    const params = parseInput(assetParamsSchema, request.params, 'The id');
    return getAssetUrl(ctx, request.user.id, params.id, params.asset_id);
  });

  app.get(API_ROUTES.autojobDownload, auth, async (request) => {
    const id = jobId(request.params);
    const query = parseInput(downloadQuerySchema, request.query ?? {}, 'The download');
    return getDownloadUrl(ctx, request.user.id, id, query.asset_id);
  });

  app.delete(API_ROUTES.autojobAssetsAll, auth, async (request) => {
    await deleteAllAssets(ctx, request.user.id, jobId(request.params));
    return OK;
  });

  app.post(API_ROUTES.autojobUpload, auth, async (request) =>
    uploadVideo(ctx, request, request.user.id, jobId(request.params)),
  );
}

export const assetsModule: AppModule = { name: 'assets', register: registerAssetRoutes };
