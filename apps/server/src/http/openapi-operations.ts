// The endpoint table's operations in the OpenAPI document: one per entry, its tag, security,
// parameters, body and answers all read from the entry.
import { z } from 'zod';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { ENDPOINTS, errorResponseSchema, tokenScopeOf } from '@roughcut/shared';
import type { Endpoint } from '@roughcut/shared';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';

/** `:id` → `{id}`. */
export const openApiPathOf = (pattern: string): string => pattern.replace(/:(\w+)/g, '{$1}');

/** What the table's path groups are called in the document. */
function tagOf(path: string): string {
  if (path.includes('/tokens')) return 'Access tokens';
  if (path.includes('/webhooks')) return 'Webhooks';
  if (path.includes('/instance/') || path.includes('/clip')) return 'Clips';
  if (path.includes('/autojob') || path.includes('/languages')) return 'Video edits';
  if (path.includes('/template') || path.includes('/draw/')) return 'Templates';
  if (/\/(auth|register|resetpassword)\b/.test(path)) return 'Authentication';
  if (/\/(manage\/(account|user|billing)|updateemail|:provider)/.test(path))
    return 'Account and billing';
  return 'Service';
}

/** `autojobCreate` → "Autojob create". */
const summaryOf = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const errorContent = { 'application/json': { schema: errorResponseSchema } };
export const ERRORS: Record<string, string> = {
  '400': 'The request is not valid; `err` says what to change.',
  '401': 'No valid session or access token (revoked and expired tokens are named).',
  '403': 'Refused: another site, a token on a session-only endpoint, or a read-only token.',
  '404': "Not found, or not this user's.",
  '409': 'The edit is not in a state that allows this, or the Idempotency-Key is in use.',
  '422': 'The Idempotency-Key was used for a different request.',
  '429': 'Too many requests; wait for Retry-After seconds.',
};

function errorResponses(entry: Endpoint): ZodOpenApiResponsesObject {
  const codes = ['400', ...(entry.auth === 'user' ? ['401', '403', '404', '409', '429'] : ['429'])];
  if (entry.idempotent) codes.push('422');
  return Object.fromEntries(
    codes.map((code) => [code, { description: ERRORS[code] ?? 'Error', content: errorContent }]),
  );
}

function successResponses(entry: Endpoint): ZodOpenApiResponsesObject {
  switch (entry.responseKind) {
    case 'png':
      return {
        '200': { description: 'A PNG image.', content: { 'image/png': { schema: binary } } },
      };
    case 'file':
      return {
        '200': {
          description: 'The file itself (Content-Disposition: attachment).',
          content: { 'application/octet-stream': { schema: binary } },
        },
      };
    case 'redirect':
      return {
        '302': {
          description: 'Go to `location` (JSON callers get it in the body).',
          content: { 'application/json': { schema: z.object({ location: z.string() }) } },
        },
        '303': { description: 'A form post is sent on to the provider (Location header).' },
      };
    case undefined:
      return {
        '200': {
          description: 'Success.',
          ...(entry.response
            ? { content: { 'application/json': { schema: entry.response } } }
            : {}),
        },
      };
  }
}

export const binary = z.string().meta({ format: 'binary' });

function requestBodyOf(entry: Endpoint): ZodOpenApiOperationObject['requestBody'] {
  switch (entry.bodyKind) {
    case 'multipart':
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              file: binary.meta({ description: 'The .mp4 video (one file).' }),
            }),
          },
        },
      };
    case 'raw':
      return {
        required: true,
        content: { 'application/json': { schema: z.object({}).loose() } },
      };
    case 'form-or-json':
      return entry.body
        ? {
            content: {
              'application/json': { schema: entry.body },
              'application/x-www-form-urlencoded': { schema: entry.body },
            },
          }
        : undefined;
    case undefined:
      return entry.body
        ? { required: true, content: { 'application/json': { schema: entry.body } } }
        : undefined;
  }
}

export const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(255).optional().meta({
    description:
      'A key of your choosing (a UUID): a retry with the same key answers what the first request answered, without doing it again (24 hours).',
  }),
});

function securityOf(entry: Endpoint): ZodOpenApiOperationObject['security'] {
  if (entry.auth === 'public') return [];
  if (entry.sessionOnly) return [{ session: [] }];
  return [{ session: [] }, { accessToken: [] }];
}

function operationOf(name: string, entry: Endpoint): ZodOpenApiOperationObject {
  const params = entry.params as z.ZodObject | undefined;
  const query = entry.query as z.ZodObject | undefined;
  const scope = tokenScopeOf(entry);
  return {
    operationId: name,
    summary: summaryOf(name),
    tags: [tagOf(entry.path)],
    security: securityOf(entry),
    ...(scope ? { 'x-token-scope': scope } : {}),
    requestParams: {
      ...(params ? { path: params } : {}),
      ...(query ? { query } : {}),
      ...(entry.idempotent ? { header: idempotencyHeader } : {}),
    },
    ...(requestBodyOf(entry) ? { requestBody: requestBodyOf(entry) } : {}),
    responses: { ...successResponses(entry), ...errorResponses(entry) },
  };
}

export function tablePaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, entry] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = openApiPathOf(entry.path);
    const item = (paths[path] ??= {});
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    item[method] = operationOf(name, entry);
  }
  return paths;
}
