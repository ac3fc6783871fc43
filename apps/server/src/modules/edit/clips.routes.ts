import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ENDPOINTS,
  customConfirmClipRequestSchema,
  defaultConfirmClipRequestSchema,
  NOTHING_CONFIRMED_MESSAGE,
} from '@roughcut/shared';
import type { ClipParams, ConfirmClipRequest, InstanceParams } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { badRequest, describeZodIssue, parseInput } from '../../http/errors.ts';
import {
  confirmClip,
  continueRun,
  getClip,
  getClipFraming,
  getClipWaveform,
  listClips,
  setAllConfirmed,
  unconfirmClip,
} from './clips.service.ts';

/** A one-hour clip's edited phrases can run to megabytes; other bodies stay at the default. */
const CONFIRM_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The clip contract's own sentences for its rules (they say what to do); the draw settings' and
 * type errors name their field.
 */
function parseConfirmShape<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'custom' && issue.path[0] !== 'subtitle') throw badRequest(issue.message);
  throw badRequest(
    issue ? describeZodIssue(issue, 'The confirmation') : 'The confirmation is not valid.',
  );
}

/** Either the job page's {cut: 'default', subtitle: 'default'} or the clip screen's choices. */
function parseConfirm(body: unknown): ConfirmClipRequest {
  const input = body ?? {};
  const isDefault = typeof input === 'object' && (input as { cut?: unknown }).cut === 'default';
  if (isDefault) return parseInput(defaultConfirmClipRequestSchema, input, 'The confirmation');
  const { cut, subtitle } = input as { cut?: unknown; subtitle?: unknown };
  if (cut === undefined && subtitle === undefined) throw badRequest(NOTHING_CONFIRMED_MESSAGE);
  return parseConfirmShape(customConfirmClipRequestSchema, input);
}

export function registerClipRoutes(app: FastifyInstance, ctx: AppContext): void {
  type Request = { user: { id: string } };
  const instanceIds = (request: Request, params: InstanceParams) => ({
    userId: request.user.id,
    jobId: params.id,
    instanceId: params.instance_id,
  });
  const clipIds = (request: Request, params: ClipParams) => ({
    ...instanceIds(request, params),
    clipId: params.clip_id,
  });

  routeEndpoint(app, ENDPOINTS.instanceClips, {}, async (request, { params }) =>
    listClips(ctx, instanceIds(request, params)),
  );
  routeEndpoint(app, ENDPOINTS.instanceConfirm, {}, async (request, { params }) =>
    continueRun(ctx, instanceIds(request, params)),
  );
  routeEndpoint(app, ENDPOINTS.instanceClipsConfirm, {}, async (request, { params }) =>
    setAllConfirmed(ctx, instanceIds(request, params), true),
  );
  routeEndpoint(app, ENDPOINTS.instanceClipsUnconfirm, {}, async (request, { params }) =>
    setAllConfirmed(ctx, instanceIds(request, params), false),
  );
  routeEndpoint(app, ENDPOINTS.clip, {}, async (request, { params }) =>
    getClip(ctx, clipIds(request, params)),
  );
  routeEndpoint(app, ENDPOINTS.clipWaveform, {}, async (request, { params }) =>
    getClipWaveform(ctx, clipIds(request, params)),
  );
  routeEndpoint(app, ENDPOINTS.clipFraming, {}, async (request, { params, query }) =>
    getClipFraming(ctx, clipIds(request, params), query.reframe),
  );
  routeEndpoint(
    app,
    ENDPOINTS.clipConfirm,
    { bodyLimit: CONFIRM_BODY_LIMIT, parse: { body: parseConfirm } },
    async (request, { params, body }) => confirmClip(ctx, clipIds(request, params), body),
  );
  routeEndpoint(app, ENDPOINTS.clipUnconfirm, {}, async (request, { params }) =>
    unconfirmClip(ctx, clipIds(request, params)),
  );
}
