import {
  DRAW_EXAMPLE_CONTENT_TYPE,
  apiPaths,
  createTemplateResponseSchema,
  errorResponseSchema,
  okResponseSchema,
  templateListResponseSchema,
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
    method: 'POST',
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
    api.get(apiPaths.templates(), {
      schema: templateListResponseSchema,
      ...(signal && { signal }),
    }),
  create: (request: CreateTemplateRequest) =>
    api.put(apiPaths.templates(), request, { schema: createTemplateResponseSchema }),
  save: (request: SaveTemplateRequest) =>
    api.post(apiPaths.templates(), request, { schema: okResponseSchema }),
  remove: (id: string) => api.delete(apiPaths.template(id), { schema: okResponseSchema }),
  drawExample,
};
