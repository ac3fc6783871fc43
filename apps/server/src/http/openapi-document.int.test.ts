// Issue 36: /api/openapi.json is a valid OpenAPI 3.1 document (checked by swagger-parser, a real
// validator) and names every endpoint of the table with its method.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@roughcut/shared';
import type { Endpoint } from '@roughcut/shared';
import { startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { openApiPathOf } from './openapi-operations.ts';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: ENDPOINTS.openapi.path });
    expect(response.statusCode, response.body).toBe(200);
    document = response.json<OpenAPIV3_1.Document>();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    // NOTE: validate() dereferences in place; it gets a copy so the other checks read the original.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });

  it('names every endpoint of the table with its method', () => {
    const missing = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, entry]) => {
      const operations = document.paths?.[openApiPathOf(entry.path)] as
        Record<string, unknown> | undefined;
      return operations?.[entry.method.toLowerCase()] === undefined;
    });
    expect(missing.map(([name]) => name)).toEqual([]);
  });
});
