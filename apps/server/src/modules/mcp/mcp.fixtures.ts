// Helpers of the MCP integration test: access tokens for a signed-in user, the SDK's own client
// over either transport, tool calls that fail the test on a tool error (or expect one), and the
// status poll with a deadline.
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport,
  getDefaultEnvironment,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { ENDPOINTS } from '@roughcut/shared';
import type { AccessTokenScope } from '@roughcut/shared';
import { callEndpoint, expectEndpointResponse } from '../../test/endpoint-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { MCP_PATH } from './mcp.routes.ts';

export const STDIO_MAIN = fileURLToPath(
  new URL('../../../../../packages/client/src/mcp/stdio-main.ts', import.meta.url),
);

/** A personal access token of the signed-in `session`. */
export async function makeToken(
  t: TestApp,
  session: string,
  scope: AccessTokenScope = 'read+edit',
) {
  const created = expectEndpointResponse(
    ENDPOINTS.accessTokenCreate,
    await callEndpoint(t, ENDPOINTS.accessTokenCreate, {
      token: session,
      body: { name: `MCP ${scope}`, scope, expires_in_days: null },
    }),
  );
  return created.token;
}

const testClient = () => new Client({ name: 'roughcut-mcp-test', version: '1.0.0' });

/** The SDK's client on /api/mcp of the listening app, sending `token` when given. */
export async function connectHttp(origin: string, token: string | undefined): Promise<Client> {
  const client = testClient();
  const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, origin), {
    requestInit: token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The SDK's client on a spawned `node stdio-main.ts`; its stderr is kept for failures. */
export async function connectStdio(env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [STDIO_MAIN],
    env: { ...getDefaultEnvironment(), ...env },
    cwd: path.dirname(STDIO_MAIN),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = testClient();
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export type Structured = Record<string, unknown>;

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
}

const textOf = (result: { content: { type: string; text?: string }[] }): string =>
  result.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');

/** A tool call that must succeed: its structured result (and a text summary beside it). */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Structured> {
  const result = await callTool(client, name, args);
  expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
  expect(textOf(result).length, `${name} gave no text summary`).toBeGreaterThan(0);
  return result.structuredContent ?? {};
}

/** A tool call that must fail as a tool error (not a protocol error): its text. */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = await callTool(client, name, args);
  expect(result.isError, `${name} succeeded: ${textOf(result)}`).toBe(true);
  return textOf(result);
}

/** Polls get_edit_status until the edit is in one of `statuses`; a failed run fails the test. */
export async function waitForEditStatus(
  client: Client,
  jobId: string,
  statuses: string[],
  timeoutMs: number,
): Promise<Structured> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call(client, 'get_edit_status', { job_id: jobId });
    if (statuses.includes(String(status.status))) return status;
    if (status.status === 'failed' || status.status === 'cancelled') {
      throw new Error(`the edit stopped: ${JSON.stringify(status)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`the edit was not ${statuses.join('/')} in time: ${JSON.stringify(status)}`);
    }
    await delay(500);
  }
}
