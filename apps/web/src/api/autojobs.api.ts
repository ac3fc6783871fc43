import {
  ENDPOINTS,
  addStepRequestSchema,
  createAutoJobRequestSchema,
  deleteStepRequestSchema,
  updateAutoJobRequestSchema,
} from '@roughcut/shared';
import type { CreateAutoJobRequest, StepType, UpdateAutoJobRequest } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Video edits (auto jobs)". Every response is parsed with the endpoint table's
// schema; request bodies are checked here first, so a bad one fails with its message unsent.
export const autojobsApi = {
  list: (signal?: AbortSignal) => api.call(ENDPOINTS.autojobs, { ...(signal && { signal }) }),
  get: (id: string, signal?: AbortSignal) =>
    api.call(ENDPOINTS.autojob, { params: { id }, ...(signal && { signal }) }),
  steps: (id: string) => api.call(ENDPOINTS.autojobSteps, { params: { id } }),
  create: (request: CreateAutoJobRequest) =>
    api.call(ENDPOINTS.autojobCreate, { body: createAutoJobRequestSchema.parse(request) }),
  update: (id: string, update: UpdateAutoJobRequest) =>
    api.call(ENDPOINTS.autojobUpdate, {
      params: { id },
      body: updateAutoJobRequestSchema.parse(update),
    }),
  remove: (id: string) => api.call(ENDPOINTS.autojobDelete, { params: { id } }),
  addStep: (id: string, stepType: StepType) =>
    api.call(ENDPOINTS.autojobStep, {
      params: { id },
      body: addStepRequestSchema.parse({ step_type: stepType }),
    }),
  deleteStep: (id: string, stepType: StepType) =>
    api.call(ENDPOINTS.autojobStepDelete, {
      params: { id },
      body: deleteStepRequestSchema.parse(stepType),
    }),
  start: (id: string) => api.call(ENDPOINTS.autojobStart, { params: { id } }),
  cancel: (id: string) => api.call(ENDPOINTS.autojobCancel, { params: { id } }),
  languages: (signal?: AbortSignal) => api.call(ENDPOINTS.languages, { ...(signal && { signal }) }),
};
