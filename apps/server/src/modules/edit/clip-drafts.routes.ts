import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, clipDraftSchema } from '@roughcut/shared';
import type { ClipDraft, ClipParams } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { badRequest, describeZodIssue } from '../../http/errors.ts';
import { discardClipDraft, getClipDraft, saveClipDraft } from './clip-drafts.service.ts';

/** As the confirm's: a one-hour clip's draft (gaps and phrases) can run to megabytes. */
const DRAFT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * As the confirm's parse: the clip contract's own sentences for its rules (they say what to do),
 * the draw settings' and type errors naming their field.
 */
function parseDraft(body: unknown): ClipDraft {
  const result = clipDraftSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'custom' && issue.path[0] !== 'subtitle') throw badRequest(issue.message);
  throw badRequest(issue ? describeZodIssue(issue, 'The draft') : 'The draft is not valid.');
}

export function registerClipDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const clipIds = (request: { user: { id: string } }, params: ClipParams) => ({
    userId: request.user.id,
    jobId: params.id,
    instanceId: params.instance_id,
    clipId: params.clip_id,
  });

  routeEndpoint(app, ENDPOINTS.clipDraft, {}, async (request, { params }) =>
    getClipDraft(ctx, clipIds(request, params)),
  );
  routeEndpoint(
    app,
    ENDPOINTS.clipDraftSave,
    { bodyLimit: DRAFT_BODY_LIMIT, parse: { body: parseDraft } },
    async (request, { params, body }) => saveClipDraft(ctx, clipIds(request, params), body),
  );
  routeEndpoint(app, ENDPOINTS.clipDraftDelete, {}, async (request, { params }) =>
    discardClipDraft(ctx, clipIds(request, params)),
  );
}
