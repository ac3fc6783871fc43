import {
  DRAW_EXAMPLE_CONTENT_TYPE,
  ENDPOINTS,
  apiPaths,
  errorResponseSchema,
} from '@roughcut/shared';
import type {
  CreateTemplateRequest,
  DrawSettings,
  SaveTemplateRequest,
  Template,
} from '@roughcut/shared';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';

export type ExampleImageParams = {
  settings: DrawSettings;
  width: number;
  height: number;
  background: { r: number; g: number; b: number };
};

/** POST /api/draw/example: the server-drawn example image (PNG) of the settings. */
async function drawExample(params: ExampleImageParams, signal?: AbortSignal): Promise<Blob> {
  const { width, height, background } = params;
  const response = await fetch(apiPaths.drawExample({ width, height, ...background }), {
    method: ENDPOINTS.drawExample.method,
    credentials: 'include',
    headers: { Accept: DRAW_EXAMPLE_CONTENT_TYPE, 'Content-Type': 'application/json' },
    body: JSON.stringify(params.settings),
    ...(signal && { signal }),
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const err = errorResponseSchema.safeParse(body);
    throw new ApiError(response.status, err.success ? err.data.err : undefined);
  }
  return response.blob();
}

// SPEC section 7 "Templates and example image".
export const templatesApi = {
  list: (signal?: AbortSignal): Promise<Template[]> =>
    api.call(ENDPOINTS.templates, { ...(signal && { signal }) }),
  create: (request: CreateTemplateRequest) => api.call(ENDPOINTS.templateCreate, { body: request }),
  save: (request: SaveTemplateRequest) => api.call(ENDPOINTS.templateSave, { body: request }),
  remove: (id: string) => api.call(ENDPOINTS.template, { params: { id } }),
  drawExample,
};
