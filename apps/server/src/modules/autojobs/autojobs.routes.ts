import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  CREATE_EDIT_MESSAGES,
  addStepRequestSchema,
  autoJobParamsSchema,
  createAutoJobRequestSchema,
  deleteStepRequestSchema,
  updateAutoJobRequestSchema,
} from '@roughcut/shared';
import type { OkResponse } from '@roughcut/shared';
import type { AppContext, AppModule } from '../../app-context.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { sendJsonIfChanged } from '../../http/conditional.ts';
import { requireUser } from '../auth/auth.guard.ts';
import {
  addStep,
  cancelJob,
  createJob,
  deleteJobEntirely,
  deleteStep,
  getJob,
  getSteps,
  listJobs,
  startJob,
  updateJobSettings,
} from './autojobs.service.ts';

const OK: OkResponse = { ok: true };
const JOB = 'The video edit';

function registerAutojobRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireUser };
  const jobId = (params: unknown): string => parseInput(autoJobParamsSchema, params, 'The id').id;

  app.get(API_ROUTES.autojobs, auth, async (request, reply) =>
    sendJsonIfChanged(request, reply, await listJobs(ctx, request.user.id)),
  );

  app.put(API_ROUTES.autojobCreate, auth, async (request) => {
    requireName(request.body, true);
    const body = parseInput(createAutoJobRequestSchema, request.body ?? {}, JOB);
    return createJob(ctx, request.user.id, body);
  });

  app.get(API_ROUTES.autojob, auth, async (request, reply) =>
    sendJsonIfChanged(request, reply, await getJob(ctx, request.user.id, jobId(request.params))),
  );

  app.post(API_ROUTES.autojob, auth, async (request) => {
    const id = jobId(request.params);
    requireName(request.body, false);
    const body = parseInput(updateAutoJobRequestSchema, request.body ?? {}, JOB);
    return updateJobSettings(ctx, request.user.id, id, body);
  });

  app.delete(API_ROUTES.autojob, auth, async (request) => {
    await deleteJobEntirely(ctx, request.user.id, jobId(request.params));
    return OK;
  });

  app.get(API_ROUTES.autojobSteps, auth, async (request) =>
    getSteps(ctx, request.user.id, jobId(request.params)),
  );

  app.post(API_ROUTES.autojobStep, auth, async (request) => {
    const id = jobId(request.params);
    const { step_type } = parseInput(addStepRequestSchema, request.body ?? {}, 'The step');
    return addStep(ctx, request.user.id, id, step_type);
  });

  app.post(API_ROUTES.autojobStepDelete, auth, async (request) => {
    const id = jobId(request.params);
    const stepType = parseInput(deleteStepRequestSchema, bareString(request.body), 'The step');
    return deleteStep(ctx, request.user.id, id, stepType);
  });

  app.post(API_ROUTES.autojobStart, auth, async (request) =>
    startJob(ctx, request.user.id, jobId(request.params)),
  );

  app.post(API_ROUTES.autojobCancel, auth, async (request) =>
    cancelJob(ctx, request.user.id, jobId(request.params)),
  );
}

/** The spec's "Please enter a name first" for a missing or blank name (not zod's wording). */
function requireName(body: unknown, required: boolean): void {
  const name =
    typeof body === 'object' && body !== null ? (body as { name?: unknown }).name : undefined;
  if (name === undefined && !required) return;
  if (typeof name !== 'string' || name.trim() === '')
    throw badRequest(CREATE_EDIT_MESSAGES.nameRequired);
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

export const autojobsModule: AppModule = { name: 'autojobs', register: registerAutojobRoutes };
