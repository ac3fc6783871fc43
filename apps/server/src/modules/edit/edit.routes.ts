import type { FastifyInstance } from 'fastify';
import {
  CREATE_EDIT_MESSAGES,
  ENDPOINTS,
  createAutoJobRequestSchema,
  deleteStepRequestSchema,
  updateAutoJobRequestSchema,
} from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { sendJsonIfChanged } from '../../http/conditional.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import {
  addStep,
  cancelEdit,
  createEdit,
  deleteEditEntirely,
  deleteStep,
  getEdit,
  getSteps,
  listEdits,
  startEdit,
  updateEditSettings,
} from './edit.service.ts';
import { registerEditAssetRoutes } from './edit-assets.routes.ts';
import { registerResumableUploadRoutes } from './resumable-upload.routes.ts';
import { registerClipRoutes } from './clips.routes.ts';
import { registerClipDraftRoutes } from './clip-drafts.routes.ts';
import { registerExportRoutes } from './exports.routes.ts';

const OK: OkResponse = { ok: true };
const JOB = 'The video edit';

function registerEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  routeEndpoint(app, ENDPOINTS.autojobs, {}, async (request, _input, reply) =>
    sendJsonIfChanged(request, reply, await listEdits(ctx, request.user.id)),
  );

  routeEndpoint(
    app,
    ENDPOINTS.autojobCreate,
    {
      parse: {
        body: (raw) => parseInput(createAutoJobRequestSchema, requireName(raw, true) ?? {}, JOB),
      },
    },
    async (request, { body }) => createEdit(ctx, request.user.id, body),
  );

  routeEndpoint(app, ENDPOINTS.autojob, {}, async (request, { params }, reply) =>
    sendJsonIfChanged(request, reply, await getEdit(ctx, request.user.id, params.id)),
  );

  routeEndpoint(
    app,
    ENDPOINTS.autojobUpdate,
    {
      parse: {
        body: (raw) => parseInput(updateAutoJobRequestSchema, requireName(raw, false) ?? {}, JOB),
      },
    },
    async (request, { params, body }) => updateEditSettings(ctx, request.user.id, params.id, body),
  );

  routeEndpoint(app, ENDPOINTS.autojobDelete, {}, async (request, { params }) => {
    await deleteEditEntirely(ctx, request.user.id, params.id);
    return OK;
  });

  routeEndpoint(app, ENDPOINTS.autojobSteps, {}, async (request, { params }) =>
    getSteps(ctx, request.user.id, params.id),
  );

  routeEndpoint(
    app,
    ENDPOINTS.autojobStep,
    { where: { body: 'The step' } },
    async (request, { params, body }) => addStep(ctx, request.user.id, params.id, body.step_type),
  );

  routeEndpoint(
    app,
    ENDPOINTS.autojobStepDelete,
    { parse: { body: (raw) => parseInput(deleteStepRequestSchema, bareString(raw), 'The step') } },
    async (request, { params, body }) => deleteStep(ctx, request.user.id, params.id, body),
  );

  routeEndpoint(app, ENDPOINTS.autojobStart, {}, async (request, { params }) =>
    startEdit(ctx, request.user.id, params.id),
  );

  routeEndpoint(app, ENDPOINTS.autojobCancel, {}, async (request, { params }) =>
    cancelEdit(ctx, request.user.id, params.id),
  );
}

/** The spec's "Please enter a name first" for a missing or blank name (not zod's wording). */
function requireName(body: unknown, required: boolean): unknown {
  const name =
    typeof body === 'object' && body !== null ? (body as { name?: unknown }).name : undefined;
  if (name === undefined && !required) return body;
  if (typeof name !== 'string' || name.trim() === '')
    throw badRequest(CREATE_EDIT_MESSAGES.nameRequired);
  return body;
}

/** The step type alone: a JSON string, or the same sent as text/plain (quoted or not). */
function bareString(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (!text.startsWith('"')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The user's edits, their videos and their clips (SPEC section 7, "Video edits" and "Clips"). */
export const editModule: AppModule = {
  name: 'edit',
  register(app, ctx) {
    registerEditRoutes(app, ctx);
    registerEditAssetRoutes(app, ctx);
    registerResumableUploadRoutes(app, ctx);
    registerClipRoutes(app, ctx);
    registerClipDraftRoutes(app, ctx);
    registerExportRoutes(app, ctx);
  },
};
