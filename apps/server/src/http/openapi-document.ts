// The OpenAPI 3.1 document of the API (issue 36), generated from the endpoint table by
// zod-openapi (the table's zod schemas become the document's JSON Schemas), plus the routes the
// table leaves out because they are not JSON: the tus upload protocol and the media links. The
// webhooks' events are described under `webhooks`. Nothing here is written by hand per endpoint.
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import type {
  ZodOpenApiObject,
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import {
  ACCESS_TOKEN_PREFIX,
  ENDPOINTS,
  RESUMABLE_METADATA,
  RESUMABLE_UPLOAD_ROUTES,
  TUS_VERSION,
  WEBHOOK_EVENTS,
  errorResponseSchema,
  tokenScopeOf,
  webhookPayloadSchema,
} from '@roughcut/shared';
import type { Endpoint } from '@roughcut/shared';
import { SESSION_COOKIE } from './session-cookie.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';

export const OPENAPI_VERSION = '3.1.0';
/** The API's own version: bumped when a change could break a client. */
export const API_VERSION = '1.0.0';

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

const errorContent = { 'application/json': { schema: errorResponseSchema } };
const ERRORS: Record<string, string> = {
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

const binary = z.string().meta({ format: 'binary' });

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

const idempotencyHeader = z.object({
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

const uploadIdParams = z.object({ id: z.string(), upload_id: z.string() });
const tusHeaders = z.object({ 'tus-resumable': z.literal(TUS_VERSION) });
const uploadOffset = { 'upload-offset': { schema: { type: 'integer' as const } } };

/** The tus 1.0 routes (creation, core, termination) and the media links, beside the table. */
function protocolPaths(): ZodOpenApiPathsObject {
  const security: Record<string, string[]>[] = [{ session: [] }, { accessToken: [] }];
  const tus = { tags: ['Video edits'], security };
  const ok = { '404': { description: ERRORS['404'] ?? '', content: errorContent } };
  return {
    [openApiPathOf(RESUMABLE_UPLOAD_ROUTES.collection)]: {
      post: {
        ...tus,
        operationId: 'resumableUploadCreate',
        summary: 'Create a resumable upload (tus 1.0 creation)',
        description: `Upload-Length is the file's size; Upload-Metadata (base64 values) carries ${RESUMABLE_METADATA.fileName}, ${RESUMABLE_METADATA.fileType}, and ${RESUMABLE_METADATA.start} = 1 to start the edit once the last byte arrives. Send the bytes with PATCH to the Location answered.`,
        'x-token-scope': 'edit',
        requestParams: {
          path: z.object({ id: z.string() }),
          header: tusHeaders.extend({
            'upload-length': z.string(),
            'upload-metadata': z.string().optional(),
            [IDEMPOTENCY_HEADER]: idempotencyHeader.shape[IDEMPOTENCY_HEADER],
          }),
        },
        responses: {
          '201': {
            description: 'Created; Location names the upload.',
            headers: { location: { schema: { type: 'string' } } },
          },
          ...ok,
        },
      },
    },
    [openApiPathOf(RESUMABLE_UPLOAD_ROUTES.upload)]: {
      head: {
        ...tus,
        operationId: 'resumableUploadOffset',
        summary: 'How much of the upload the server has (tus 1.0 core)',
        'x-token-scope': 'edit',
        requestParams: { path: uploadIdParams, header: tusHeaders },
        responses: { '200': { description: 'Upload-Offset says.', headers: uploadOffset }, ...ok },
      },
      patch: {
        ...tus,
        operationId: 'resumableUploadSend',
        summary: 'Send bytes from Upload-Offset on (tus 1.0 core)',
        'x-token-scope': 'edit',
        requestParams: {
          path: uploadIdParams,
          header: tusHeaders.extend({ 'upload-offset': z.string() }),
        },
        requestBody: { content: { 'application/offset+octet-stream': { schema: binary } } },
        responses: { '204': { description: 'Stored.', headers: uploadOffset }, ...ok },
      },
      delete: {
        ...tus,
        operationId: 'resumableUploadDelete',
        summary: 'Give the upload up (tus 1.0 termination)',
        'x-token-scope': 'edit',
        requestParams: { path: uploadIdParams, header: tusHeaders },
        responses: { '204': { description: 'Removed.' }, ...ok },
      },
    },
    '/api/media/{token}': {
      get: {
        operationId: 'mediaFile',
        summary: 'A file behind a signed media link (from the asset and download endpoints)',
        tags: ['Video edits'],
        security: [],
        requestParams: { path: z.object({ token: z.string() }) },
        responses: {
          '200': {
            description: 'The file.',
            content: { 'application/octet-stream': { schema: binary } },
          },
          '403': {
            description: 'The link is not valid, expired or its credential ended.',
            content: errorContent,
          },
        },
      },
    },
  };
}

function tablePaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, entry] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = openApiPathOf(entry.path);
    const item = (paths[path] ??= {});
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    item[method] = operationOf(name, entry);
  }
  return paths;
}

/** The whole document for a server reached at `publicUrl`. */
export function buildOpenApiDocument(publicUrl: string): Record<string, unknown> & {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
} {
  const document: ZodOpenApiObject = {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Roughcut API',
      version: API_VERSION,
      description: `Everything the Roughcut web app does, for scripts. Authenticate with a personal access token (\`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\`, made on the account page: scope read or read+edit) or the browser session. Every error answers \`{"err": "…"}\`.`,
    },
    servers: [{ url: publicUrl }],
    tags: [
      'Authentication',
      'Account and billing',
      'Video edits',
      'Clips',
      'Templates',
      'Access tokens',
      'Webhooks',
      'Service',
    ].map((name) => ({ name })),
    paths: { ...tablePaths(), ...protocolPaths() },
    webhooks: Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [
        event,
        {
          post: {
            summary: `The ${event} event`,
            description:
              'Signed after the Standard Webhooks specification: verify webhook-signature with your whsec_ secret over webhook-id, webhook-timestamp and the body; answer 2xx within 10 seconds.',
            requestParams: {
              header: z.object({
                'webhook-id': z.string(),
                'webhook-timestamp': z.string(),
                'webhook-signature': z.string(),
              }),
            },
            // NOTE: required, or generated clients type every event's payload as possibly absent.
            requestBody: {
              required: true,
              content: { 'application/json': { schema: webhookPayloadSchema } },
            },
            responses: { '200': { description: 'Received (any 2xx).' } },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${ACCESS_TOKEN_PREFIX}…`,
          description:
            'A personal access token. x-token-scope on each operation says which scope it needs (read, edit) or none (session only).',
        },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
  const built = createDocument(document, { allowEmptySchema: { custom: true }, reused: 'ref' });
  return JSON.parse(JSON.stringify(built)) as ReturnType<typeof buildOpenApiDocument>;
}
