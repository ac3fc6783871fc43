// The export downloads of an edit and of its clips (see exports.service.ts): owner-only, 404 for
// anything else, answered as the file itself with a content-disposition attachment, streamed from
// storage. At most EXPORTS_PER_USER of a user's exports are made or sent at once; more get a 429
// with Retry-After.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS, WITH_VIDEO_MESSAGES, isTimelineFormat, wantsVideo } from '@roughcut/shared';
import type { ExportFormat, ExportQuery } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../errors/http-error.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { contentDisposition } from '../../storage/http-headers.ts';
import { zipWithVideo } from './exports-with-video.ts';
import type { SendableFile } from './exports-with-video.ts';
import { createExportsRuntime, exportClip, exportEdit, videoOfExport } from './exports.service.ts';
import type { ExportFile } from './exports.service.ts';
import { RetryLaterError } from './exports.slots.ts';

const WHERE = { params: 'The export' };

/** Bigger reads than the default 64 KB: fewer turns of the request thread per download. */
const READ_CHUNK_BYTES = 256 * 1024;

/** Text says its encoding (every text export is UTF-8); a zip's bytes have none. */
export const contentTypeOf = (mimeType: string): string =>
  mimeType === 'application/zip' ? mimeType : `${mimeType}; charset=utf-8`;

const storedFile = (file: ExportFile): SendableFile => ({
  stream: file.handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES }),
  size: file.size,
  fileName: file.fileName,
  mimeType: file.mimeType,
});

/**
 * Streams the file; `done` (which may run twice) once it is all read, or once the download is
 * abandoned.
 */
function sendFile(reply: FastifyReply, file: SendableFile, done: () => void): FastifyReply {
  const { stream } = file;
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
    withVideo: boolean,
  ): Promise<FastifyReply> => {
    try {
      const release = rt.slots.take(request.user.id);
      let file: SendableFile;
      try {
        const made = await make();
        file = withVideo ? await zipOf(made) : storedFile(made);
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

  /** Whether to zip the video in; refused before any work for a transcript. */
  const withVideoOf = (format: ExportFormat, query: ExportQuery): boolean => {
    if (!wantsVideo(query)) return false;
    if (!isTimelineFormat(format)) throw new HttpError(400, WITH_VIDEO_MESSAGES.transcript);
    return true;
  };

  const zipOf = async (file: ExportFile): Promise<SendableFile> => {
    const video = await videoOfExport(ctx, file).catch(async (error: unknown) => {
      await file.handle.close();
      throw error;
    });
    const zipName = `${file.fileName.replace(/\.[^.]+$/, '')} with video.zip`;
    return zipWithVideo(file, video, zipName);
  };

  routeEndpoint(app, ENDPOINTS.editExport, { where: WHERE }, (request, { params, query }, reply) =>
    answer(
      request,
      reply,
      () => exportEdit(ctx, rt, request.user.id, params.id, params.format, optionsOf(query)),
      withVideoOf(params.format, query),
    ),
  );
  routeEndpoint(app, ENDPOINTS.clipExport, { where: WHERE }, (request, { params, query }, reply) =>
    answer(
      request,
      reply,
      () =>
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
      withVideoOf(params.format, query),
    ),
  );
}
