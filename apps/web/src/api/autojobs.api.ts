import {
  addStepRequestSchema,
  apiPaths,
  autoJobListResponseSchema,
  autoJobResponseSchema,
  cancelAutoJobResponseSchema,
  createAutoJobRequestSchema,
  createAutoJobResponseSchema,
  deleteStepRequestSchema,
  LANGUAGES_ROUTE,
  languageListResponseSchema,
  startAutoJobResponseSchema,
  stepChangeResponseSchema,
  stepListResponseSchema,
  updateAutoJobRequestSchema,
  updateAutoJobResponseSchema,
} from '@roughcut/shared';
import type { CreateAutoJobRequest, StepType, UpdateAutoJobRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Video edits (auto jobs)". Every response is parsed with the shared contracts.

export const autojobsApi = {
  list: (signal?: AbortSignal) =>
    api.get(apiPaths.autojobs(), { schema: autoJobListResponseSchema, ...(signal && { signal }) }),
  get: (id: string, signal?: AbortSignal) =>
    api.get(apiPaths.autojob(id), { schema: autoJobResponseSchema, ...(signal && { signal }) }),
  steps: (id: string) => api.get(apiPaths.autojobSteps(id), { schema: stepListResponseSchema }),
  create: (request: CreateAutoJobRequest) =>
    api.put(apiPaths.autojobCreate(), createAutoJobRequestSchema.parse(request), {
      schema: createAutoJobResponseSchema,
    }),
  update: (id: string, update: UpdateAutoJobRequest) =>
    api.post(apiPaths.autojob(id), updateAutoJobRequestSchema.parse(update), {
      schema: updateAutoJobResponseSchema,
    }),
  remove: (id: string) => api.delete(apiPaths.autojob(id)),
  addStep: (id: string, stepType: StepType) =>
    api.post(apiPaths.autojobStep(id), addStepRequestSchema.parse({ step_type: stepType }), {
      schema: stepChangeResponseSchema,
    }),
  deleteStep: (id: string, stepType: StepType) =>
    api.post(apiPaths.autojobStepDelete(id), deleteStepRequestSchema.parse(stepType), {
      schema: stepChangeResponseSchema,
    }),
  start: (id: string) =>
    api.post(apiPaths.autojobStart(id), undefined, { schema: startAutoJobResponseSchema }),
  cancel: (id: string) =>
    api.post(apiPaths.autojobCancel(id), undefined, { schema: cancelAutoJobResponseSchema }),
  languages: (signal?: AbortSignal) =>
    api.get(LANGUAGES_ROUTE, { schema: languageListResponseSchema, ...(signal && { signal }) }),
};
