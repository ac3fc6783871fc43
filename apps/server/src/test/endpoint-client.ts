// Calls endpoints of the shared table as the browser does, and checks real answers against the
// table's response schemas.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { urlOf } from '@roughcut/shared';
import type { Endpoint, EndpointResponse } from '@roughcut/shared';
import { TEST_ORIGIN, withSession } from './test-app.ts';
import type { TestApp } from './test-app.ts';

export type EndpointRequest = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** Sent as JSON when given. */
  body?: unknown;
  /** Session token; anonymous without it. */
  token?: string;
  /** A personal access token, sent as `Authorization: Bearer` with no Origin (issue 36). */
  bearer?: string;
};

export function callEndpoint(
  t: TestApp,
  entry: Endpoint,
  request: EndpointRequest = {},
): Promise<LightMyRequestResponse> {
  const { params = {}, query, body, token, bearer } = request;
  return t.app.inject({
    method: entry.method,
    url: urlOf(entry, params, query),
    headers: {
      ...(bearer === undefined ? { origin: TEST_ORIGIN } : { authorization: `Bearer ${bearer}` }),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(token ? withSession(token) : {}),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/**
 * A 2xx answer whose JSON body is exactly what the table says the endpoint answers; the parsed
 * body is returned. A failure names the endpoint and the first mismatch.
 */
export function expectEndpointResponse<E extends Endpoint>(
  entry: E,
  response: LightMyRequestResponse,
): EndpointResponse<E> {
  const where = `${entry.method} ${entry.path}`;
  expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(
    200,
  );
  expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  if (!entry.response) throw new Error(`${where} has no response schema in the endpoint table`);
  const parsed = entry.response.safeParse(response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${where} answered outside its schema at '${issue?.path.join('.') ?? ''}': ${issue?.message ?? ''}`,
    );
  }
  return parsed.data as EndpointResponse<E>;
}
