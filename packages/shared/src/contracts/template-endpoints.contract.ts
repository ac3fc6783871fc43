// SPEC 7 "Templates and example image".
import { okResponseSchema } from './common.contract.ts';
import { drawExampleQuerySchema, drawExampleRequestSchema } from './draw.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import {
  createTemplateRequestSchema,
  createTemplateResponseSchema,
  saveTemplateRequestSchema,
  templateListResponseSchema,
  templateParamsSchema,
} from './template.contract.ts';

const user = 'user' as const;

export const TEMPLATE_ENDPOINTS = {
  templates: endpoint({
    method: 'GET',
    path: '/api/manage/template',
    auth: user,
    response: templateListResponseSchema,
  }),
  templateCreate: endpoint({
    method: 'PUT',
    path: '/api/manage/template',
    auth: user,
    body: createTemplateRequestSchema,
    response: createTemplateResponseSchema,
  }),
  templateSave: endpoint({
    method: 'POST',
    path: '/api/manage/template',
    auth: user,
    body: saveTemplateRequestSchema,
    response: okResponseSchema,
  }),
  template: endpoint({
    method: 'DELETE',
    path: '/api/manage/template/:id',
    auth: user,
    params: templateParamsSchema,
    response: okResponseSchema,
  }),
  drawExample: endpoint({
    method: 'POST',
    path: '/api/draw/example',
    auth: user,
    query: drawExampleQuerySchema,
    body: drawExampleRequestSchema,
    responseKind: 'png',
  }),
} as const satisfies Record<string, Endpoint>;
