// The routes of the OpenAPI document that are not in the endpoint table because they are not
// JSON: the tus upload protocol and the media links.
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { RESUMABLE_METADATA, RESUMABLE_UPLOAD_ROUTES, TUS_VERSION } from '@roughcut/shared';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import {
  ERRORS,
  binary,
  errorContent,
  idempotencyHeader,
  openApiPathOf,
} from './openapi-operations.ts';

const uploadIdParams = z.object({ id: z.string(), upload_id: z.string() });
const tusHeaders = z.object({ 'tus-resumable': z.literal(TUS_VERSION) });
const uploadOffset = { 'upload-offset': { schema: { type: 'integer' as const } } };

/** The tus 1.0 routes (creation, core, termination) and the media links, beside the table. */
export function protocolPaths(): ZodOpenApiPathsObject {
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
