// The tus 1.0 endpoints of an edit's video (creation, core, termination, expiration), served by
// @tus/server on the app's own routes: signed in like every edit route, the owner checked on
// every request (another user's edit or upload is a 404), the same-origin check of every POST,
// PATCH and DELETE (app-wide), and errors answered as `{err}` like the rest of the API.
import type { IncomingMessage } from 'node:http';
import { EVENTS, MemoryLocker, Server } from '@tus/server';
import type { Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  RESUMABLE_UPLOAD_ROUTES,
  TUS_VERSION,
  entityIdSchema,
  resumableUploadIdSchema,
  resumableUploadPath,
} from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/errors.ts';
import {
  claimIdempotency,
  replayAnswer,
  requestHashOf,
  settleIdempotency,
} from '../../http/idempotency.ts';
import { CheckedFileStore, resumableDirOf } from '../../storage/resumable-store.ts';
import { PgUploadLocker } from '../../storage/upload-locker.ts';
import { tooLargeMessage } from '../../storage/upload-checks.ts';
import type { UploadOwner } from './resumable-upload.service.ts';
import {
  RESUMABLE_MESSAGES,
  checkUploadHead,
  createResumableUpload,
  finishResumableUpload,
  forgetResumableUpload,
  loadOwnedUpload,
  recordUploadProgress,
} from './resumable-upload.service.ts';

type RequestContext = UploadOwner & {
  uploadId: string | undefined;
  /** Issue 36: the Location of the upload this creation made (kept for its Idempotency-Key). */
  created?: string;
};

type TusError = { status_code: number; body: string };

/** An error @tus/server answers with its own status and body (it reads these two fields). */
class TusRefusal extends Error implements TusError {
  readonly status_code: number;
  readonly body: string;

  constructor(status: number, message: string) {
    super(message);
    this.status_code = status;
    this.body = JSON.stringify({ err: message });
  }
}

const asTusError = (status: number, message: string): TusRefusal => new TusRefusal(status, message);

const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' &&
  error !== null &&
  'status_code' in error &&
  typeof error.status_code === 'number';

/** What users read for the protocol's own refusals (the others say what the client got wrong). */
function tusMessage(error: TusError, maxBytes: number): string {
  switch (error.status_code) {
    case 404:
    case 410:
      return RESUMABLE_MESSAGES.notFound;
    case 409:
      return 'The upload moved on since this part was sent. Ask for its offset (HEAD) and send the rest from there.';
    case 413:
      return tooLargeMessage(maxBytes);
    case 423:
    case 500:
      return error.body.includes('lock')
        ? 'Another request is still sending this upload. Please try again in a moment.'
        : 'The upload could not be stored. Please try again.';
    default:
      return error.body.trim() || 'The upload request was not valid.';
  }
}

/** Where a request's user and ids are found from inside @tus/server's hooks. */
const contexts = new WeakMap<IncomingMessage, RequestContext>();

function contextOf(req: unknown): RequestContext {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const found = node && contexts.get(node);
  if (!found) throw asTusError(500, 'The upload request lost its context.');
  return found;
}

function createTusServer(ctx: AppContext): Server {
  const rethrow = (error: unknown): never => {
    if (error instanceof HttpError) throw asTusError(error.statusCode, error.message);
    throw error;
  };
  const datastore = new CheckedFileStore(resumableDirOf(ctx.storage), {
    checkHead: (uploadId, head) => checkUploadHead(ctx, uploadId, head).catch(rethrow),
    written: (uploadId, offset) => recordUploadProgress(ctx, uploadId, offset),
    removed: (uploadId) => forgetResumableUpload(ctx, uploadId),
  });
  const { database } = ctx;
  const locker =
    database.kind === 'postgres' && database.connectionString
      ? new PgUploadLocker(database.connectionString)
      : new MemoryLocker();
  const server = new Server({
    path: RESUMABLE_UPLOAD_ROUTES.collection,
    datastore,
    locker,
    maxSize: ctx.config.maxUploadBytes,
    disableTerminationForFinishedUploads: true,
    generateUrl: (req, { id }) => resumableUploadPath(contextOf(req).jobId, id),
    getFileIdFromRequest: (req) => contextOf(req).uploadId,
    async onIncomingRequest(req, uploadId) {
      const context = contextOf(req);
      // NOTE: creation names a new id; every other request must reach an upload of this edit.
      if (context.uploadId !== undefined) {
        await loadOwnedUpload(ctx, context, uploadId).catch(rethrow);
      }
    },
    async onUploadCreate(req, upload: Upload) {
      const context = contextOf(req);
      await createResumableUpload(ctx, context, upload).catch(rethrow);
      context.created = resumableUploadPath(context.jobId, upload.id);
      return {};
    },
    async onUploadFinish(req, upload: Upload) {
      const size = upload.size ?? upload.offset;
      await finishResumableUpload(ctx, contextOf(req), { ...upload, size }).catch(rethrow);
      return {};
    },
    onResponseError(_req, error) {
      if (!isTusError(error)) {
        ctx.queue.log.error({ err: error }, 'a resumable upload request failed');
        return asTusError(500, 'The upload could not be stored. Please try again.');
      }
      if (error.body.startsWith('{')) return error;
      return asTusError(error.status_code, tusMessage(error, ctx.config.maxUploadBytes));
    },
  });
  server.on(EVENTS.POST_RECEIVE, (_req: unknown, upload: Upload) => {
    void recordUploadProgress(ctx, upload.id, upload.offset).catch(() => undefined);
  });
  return server;
}

/** Issue 36: a creation with an Idempotency-Key already answered gets the same Location again. */
function claimCreation(ctx: AppContext, request: FastifyRequest, jobId: string) {
  const header = (name: string) => request.headers[name] ?? null;
  return claimIdempotency(
    ctx,
    request,
    requestHashOf(['tus-create', jobId, header('upload-length'), header('upload-metadata')]),
  );
}

/** Keeps the creation's answer for its key once sent; a failed or dropped one frees the key. */
function settleCreationWhenSent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext,
): void {
  reply.raw.once('close', () => {
    const location = context.created;
    const answer =
      reply.raw.statusCode === 201 && location !== undefined
        ? { statusCode: 201, headers: { location, 'tus-resumable': TUS_VERSION }, body: '' }
        : undefined;
    settleIdempotency(ctx, request, answer).catch((error: unknown) =>
      request.log.warn({ err: error }, 'could not keep the upload creation for its key'),
    );
  });
}

type RawParams = { id?: unknown; upload_id?: unknown };
const paramsOf = (request: FastifyRequest): RawParams => request.params ?? {};

/** Registers the tus routes; the body of a PATCH stays unread for @tus/server to stream. */
export function registerResumableUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tus = createTusServer(ctx);
  // NOTE: a shutdown must not wait for an upload to finish (a 1 GB one holds it for minutes): its
  // connection is cut, the bytes stored so far stay, and the client resumes from them.
  const sending = new Set<IncomingMessage>();
  app.addHook('preClose', (done) => {
    for (const raw of sending) raw.destroy();
    done();
  });
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
      done(null);
    });
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = paramsOf(request);
      const jobId = entityIdSchema.safeParse(params.id);
      const uploadId =
        params.upload_id === undefined
          ? undefined
          : resumableUploadIdSchema.safeParse(params.upload_id);
      if (!jobId.success || (uploadId && !uploadId.success)) {
        throw new HttpError(404, RESUMABLE_MESSAGES.notFound);
      }
      const context: RequestContext = {
        userId: request.user.id,
        jobId: jobId.data,
        uploadId: uploadId?.data,
      };
      if (request.method === 'POST' && uploadId === undefined) {
        const claim = await claimCreation(ctx, request, jobId.data);
        if (claim.kind === 'replay') return replayAnswer(reply, claim.row);
        if (claim.kind === 'first') settleCreationWhenSent(ctx, request, reply, context);
      }
      contexts.set(request.raw, context);
      reply.hijack();
      sending.add(request.raw);
      try {
        await tus.handle(request.raw, reply.raw);
      } finally {
        sending.delete(request.raw);
      }
    };
    // NOTE: issue 36: personal access tokens with the read+edit scope may upload too.
    const options = { preHandler: [app.requireUser], config: { tokenScope: 'edit' as const } };
    scope.route({
      method: ['POST', 'OPTIONS'],
      url: RESUMABLE_UPLOAD_ROUTES.collection,
      ...options,
      handler: handle,
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: RESUMABLE_UPLOAD_ROUTES.upload,
      ...options,
      handler: handle,
    });
    done();
  });
}
