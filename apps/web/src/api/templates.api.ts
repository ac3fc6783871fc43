import { DRAW_EXAMPLE_CONTENT_TYPE, ENDPOINTS } from '@roughcut/shared';
import type {
  CreateTemplateRequest,
  DrawSettings,
  SaveTemplateRequest,
  Template,
} from '@roughcut/shared';
import { api } from './api-client.ts';

export type ExampleImageParams = {
  settings: DrawSettings;
  width: number;
  height: number;
  background: { r: number; g: number; b: number };
};

/** POST /api/draw/example: the server-drawn example image (PNG) of the settings. */
async function drawExample(params: ExampleImageParams, signal?: AbortSignal): Promise<Blob> {
  const { width, height, background } = params;
  return api.callFile(ENDPOINTS.drawExample, DRAW_EXAMPLE_CONTENT_TYPE, {
    query: { width, height, ...background },
    body: params.settings,
    ...(signal && { signal }),
  });
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
