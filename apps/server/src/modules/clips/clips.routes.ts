import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  API_ROUTES,
  clipParamsSchema,
  customConfirmClipRequestSchema,
  defaultConfirmClipRequestSchema,
  instanceParamsSchema,
  NOTHING_CONFIRMED_MESSAGE,
} from '@roughcut/shared';
import type { ConfirmClipRequest } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { badRequest, describeZodIssue, parseInput } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.guard.ts';
import {
  confirmClip,
  continueInstance,
  getClip,
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

function registerClipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireUser };
  const instanceIds = (request: { params: unknown; user: { id: string } }) => {
    const p = parseInput(instanceParamsSchema, request.params, 'The id');
    return { userId: request.user.id, jobId: p.id, instanceId: p.instance_id };
  };
  const clipIds = (request: { params: unknown; user: { id: string } }) => {
    const p = parseInput(clipParamsSchema, request.params, 'The id');
    return {
      userId: request.user.id,
      jobId: p.id,
      instanceId: p.instance_id,
      clipId: p.clip_id,
    };
  };

  app.get(API_ROUTES.instanceClips, auth, async (request) => listClips(ctx, instanceIds(request)));
  app.post(API_ROUTES.instanceConfirm, auth, async (request) =>
    continueInstance(ctx, instanceIds(request)),
  );
  app.post(API_ROUTES.instanceClipsConfirm, auth, async (request) =>
    setAllConfirmed(ctx, instanceIds(request), true),
  );
  app.post(API_ROUTES.instanceClipsUnconfirm, auth, async (request) =>
    setAllConfirmed(ctx, instanceIds(request), false),
  );
  app.get(API_ROUTES.clip, auth, async (request) => getClip(ctx, clipIds(request)));
  app.get(API_ROUTES.clipWaveform, auth, async (request) => getClipWaveform(ctx, clipIds(request)));
  app.post(API_ROUTES.clipConfirm, { ...auth, bodyLimit: CONFIRM_BODY_LIMIT }, async (request) => {
    const ids = clipIds(request);
    const body = parseConfirm(request.body);
    return confirmClip(ctx, ids, body);
  });
  app.post(API_ROUTES.clipUnconfirm, auth, async (request) => unconfirmClip(ctx, clipIds(request)));
}

export const clipsModule: AppModule = { name: 'clips', register: registerClipRoutes };
