// The export downloads of an edit and of its clips (see exports.service.ts): owner-only, 404 for
// anything else, answered as the file itself with a content-disposition attachment.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { contentDisposition } from '../../storage/http-headers.ts';
import { exportClip, exportEdit } from './exports.service.ts';
import type { ExportFile } from './exports.service.ts';

const WHERE = { params: 'The export' };

const sendFile = (reply: FastifyReply, file: ExportFile): FastifyReply =>
  reply
    .header('content-type', `${file.mimeType}; charset=utf-8`)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);

export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  routeEndpoint(app, ENDPOINTS.editExport, { where: WHERE }, async (request, { params }, reply) =>
    sendFile(reply, await exportEdit(ctx, request.user.id, params.id, params.format)),
  );
  routeEndpoint(app, ENDPOINTS.clipExport, { where: WHERE }, async (request, { params }, reply) =>
    sendFile(
      reply,
      await exportClip(
        ctx,
        {
          userId: request.user.id,
          jobId: params.id,
          instanceId: params.instance_id,
          clipId: params.clip_id,
        },
        params.format,
      ),
    ),
  );
}
