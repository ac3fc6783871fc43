// The export downloads of an edit and of its clips (see exports.service.ts): owner-only, 404 for
// anything else, answered as the file itself with a content-disposition attachment, streamed from
// storage. At most EXPORTS_PER_USER of a user's exports are made or sent at once; more get a 429
// with Retry-After.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@roughcut/shared';
import type { ExportQuery } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { contentDisposition } from '../../storage/http-headers.ts';
import { createExportsRuntime, exportClip, exportEdit } from './exports.service.ts';
import type { ExportFile } from './exports.service.ts';
import { RetryLaterError } from './exports.slots.ts';

const WHERE = { params: 'The export' };

/** Bigger reads than the default 64 KB: fewer turns of the request thread per download. */
const READ_CHUNK_BYTES = 256 * 1024;

/** Text says its encoding (every text export is UTF-8); a zip's bytes have none. */
export const contentTypeOf = (mimeType: string): string =>
  mimeType === 'application/zip' ? mimeType : `${mimeType}; charset=utf-8`;

/**
 * Streams the stored file; `done` (which may run twice) once it is all read, or once the download
 * is abandoned.
 */
function sendFile(reply: FastifyReply, file: ExportFile, done: () => void): FastifyReply {
  const stream = file.handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES });
  stream.once('end', done);
  stream.once('close', done);
  return reply
    .header('content-type', contentTypeOf(file.mimeType))
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('content-length', String(file.size))
    .send(stream);
}

export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rt = createExportsRuntime();
  app.addHook('onClose', () => rt.threads.close());

  /** Makes the file and streams it within one of the user's slots, freed once it is sent. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    make: () => Promise<ExportFile>,
  ): Promise<FastifyReply> => {
    try {
      const release = rt.slots.take(request.user.id);
      let file: ExportFile;
      try {
        file = await make();
      } catch (error) {
        release();
        throw error;
      }
      return sendFile(reply, file, release);
    } catch (error) {
      if (error instanceof RetryLaterError) {
        reply.header('retry-after', String(error.retryAfterS));
      }
      throw error;
    }
  };

  // NOTE: an empty folder (the Export menu's field left empty) is no folder.
  const optionsOf = (query: ExportQuery) => ({ mediaFolder: query.media_folder || undefined });

  routeEndpoint(app, ENDPOINTS.editExport, { where: WHERE }, (request, { params, query }, reply) =>
    answer(request, reply, () =>
      exportEdit(ctx, rt, request.user.id, params.id, params.format, optionsOf(query)),
    ),
  );
  routeEndpoint(app, ENDPOINTS.clipExport, { where: WHERE }, (request, { params, query }, reply) =>
    answer(request, reply, () =>
      exportClip(
        ctx,
        rt,
        {
          userId: request.user.id,
          jobId: params.id,
          instanceId: params.instance_id,
          clipId: params.clip_id,
        },
        params.format,
        optionsOf(query),
      ),
    ),
  );
}
