// The OpenAPI 3.1 document of the API (issue 36), generated from the endpoint table by
// zod-openapi (the table's zod schemas become the document's JSON Schemas), plus the routes the
// table leaves out because they are not JSON: the tus upload protocol and the media links. The
// webhooks' events are described under `webhooks`. Nothing here is written by hand per endpoint.
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import type { ZodOpenApiObject } from 'zod-openapi';
import { ACCESS_TOKEN_PREFIX, WEBHOOK_EVENTS, webhookPayloadSchema } from '@roughcut/shared';
import { SESSION_COOKIE } from './session-cookie.ts';
import { tablePaths } from './openapi-operations.ts';
import { protocolPaths } from './openapi-protocol-paths.ts';

export const OPENAPI_VERSION = '3.1.0';
/** The API's own version: bumped when a change could break a client. */
export const API_VERSION = '1.0.0';

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
