// Issue 36: the MCP server's tools listed and called by the SDK's own client, over streamable HTTP
// (/api/mcp on the listening app) and over stdio (`node packages/client/src/mcp/stdio-main.ts`
// with ROUGHCUT_URL and ROUGHCUT_TOKEN): a whole edit of a real talking video from create_edit to
// a downloaded mp4, and the refusals (no token, another user's edit, a path out of the folder).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_REFUSALS } from '@roughcut/shared';
import { TOOL_NAMES } from '@roughcut/client/mcp';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { silentVideo, talkingVideo } from '../../test/test-media.ts';
import { signUp } from '../../test/video-edits.ts';
import {
  call,
  callError,
  connectHttp,
  connectStdio,
  makeToken,
  waitForEditStatus,
} from './mcp.fixtures.ts';
import { MCP_MESSAGES, MCP_PATH } from './mcp.routes.ts';

/** A real run of the 13 s talking video on two shared cores, analysis then render. */
const RUN_TIMEOUT_MS = 240_000;

describe.each(TEST_DATABASES)('the MCP server on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let importDir: string;
  let silent: string;
  let origin: string;
  let session: string;
  let token: string;
  let otherToken: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-mcp-'));
    importDir = path.join(dir, 'imports');
    await mkdir(importDir);
    await talkingVideo(importDir);
    silent = await silentVideo(importDir);
    await writeFile(path.join(dir, 'outside.mp4'), 'not inside the folder');
    t = await startTestApp(kind, { env: { MCP_IMPORT_DIR: importDir } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    session = await signUp(t);
    token = await makeToken(t, session);
    otherToken = await makeToken(t, await signUp(t));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const http = async (as: string) => {
    const client = await connectHttp(origin, as);
    clients.push(client);
    return client;
  };

  it('answers 401 without a personal access token, a session cookie included', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const anonymous = await fetch(new URL(MCP_PATH, origin), {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ err: MCP_MESSAGES.tokenRequired });
    const withCookie = await t.app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...headers, origin: TEST_ORIGIN },
      ...withSession(session),
      payload: JSON.stringify(initialize),
    });
    expect(withCookie.statusCode).toBe(401);
    // Stateless: with a token, no session stream to open or close.
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(new URL(MCP_PATH, origin), {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
    // The SDK's client is refused the same way, with the server's words.
    await expect(connectHttp(origin, undefined)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('personal access token') as unknown,
    });
    await expect(connectHttp(origin, `rc_${'A'.repeat(43)}`)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining(ACCESS_TOKEN_REFUSALS.invalid) as unknown,
    });
  });

  it(
    'drives a whole edit over streamable HTTP, then reads it over stdio',
    { timeout: 2 * RUN_TIMEOUT_MS + 60_000 },
    async () => {
      const client = await http(token);
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
      expect(tools.tools.every((tool) => (tool.description ?? '').length > 20)).toBe(true);

      const outside = await callError(client, 'create_edit', {
        name: 'Escape',
        source: '../outside.mp4',
      });
      expect(outside).toMatch(/^Source refused: Only files inside the import folder/);
      expect(outside).not.toContain(importDir);

      const created = await call(client, 'create_edit', {
        name: 'MCP journey',
        source: 'talk.mp4',
        short: true,
        long: false,
        language: 'en',
      });
      const jobId = String(created.job_id);
      expect(created).toMatchObject({ name: 'MCP journey', language: 'en' });
      expect(created.steps).toEqual(['short-form-clips']);

      const other = await http(otherToken);
      expect(await callError(other, 'get_edit_status', { job_id: jobId })).toMatch(/^Not found: /);
      expect(await callError(other, 'confirm_all_clips', { job_id: jobId })).toMatch(/^Not found/);

      const ready = await waitForEditStatus(
        client,
        jobId,
        ['awaiting-confirmation'],
        RUN_TIMEOUT_MS,
      );
      expect(ready.next_step).toMatch(/list_clips/);
      const listed = await call(client, 'list_clips', { job_id: jobId });
      const clips = listed.clips as {
        title: string;
        score: number;
        kind: string;
        confirmed: boolean;
      }[];
      expect(clips.length).toBeGreaterThan(0);
      expect(clips.every((clip) => clip.title.trim().length > 0)).toBe(true);
      expect(clips.every((clip) => clip.score >= 0 && clip.score <= 10)).toBe(true);
      expect(clips.every((clip) => clip.kind === 'short')).toBe(true);

      const confirmed = await call(client, 'confirm_all_clips', { job_id: jobId });
      expect((confirmed.clips as { confirmed: boolean }[]).every((clip) => clip.confirmed)).toBe(
        true,
      );
      const continued = await call(client, 'continue_edit', { job_id: jobId });
      expect(continued.confirmed).toBe(true);
      await waitForEditStatus(client, jobId, ['finished'], RUN_TIMEOUT_MS);

      const links = await call(client, 'get_download_links', { job_id: jobId });
      const videos = links.videos as { url: string; file_name: string }[];
      expect(videos).toHaveLength(clips.length);
      expect(String(links.all)).toMatch(/^http/);
      // NOTE: links are made on PUBLIC_URL (the test's origin is not where the app listens).
      const first = videos[0]?.url.replace(TEST_ORIGIN, origin) ?? '';
      await expectMp4(first);

      // The same user's token on stdio sees the same edit, with links to fetch as they are.
      const stdio = await connectStdio({
        ROUGHCUT_URL: origin,
        ROUGHCUT_TOKEN: token,
        ROUGHCUT_MCP_ROOT: importDir,
      });
      clients.push(stdio.client);
      const stdioTools = await stdio.client.listTools();
      expect(stdioTools.tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
      const stdioLinks = await call(stdio.client, 'get_download_links', { job_id: jobId });
      const stdioVideos = stdioLinks.videos as { url: string }[];
      expect(stdioVideos.every((video) => video.url.startsWith(origin))).toBe(true);
      await expectMp4(stdioVideos[0]?.url ?? '');
      expect(stdio.stderr()).toMatch(/serving/);
    },
  );

  it("refuses paths out of its folder over stdio, and carries the server's refusal of a video", async () => {
    const { client, stderr } = await connectStdio({
      ROUGHCUT_URL: origin,
      ROUGHCUT_TOKEN: token,
      ROUGHCUT_MCP_ROOT: importDir,
    });
    clients.push(client);
    for (const source of ['/etc/passwd', path.join(dir, 'outside.mp4'), '../outside.mp4']) {
      expect(await callError(client, 'create_edit', { name: 'Out', source })).toMatch(
        /^Source refused: Only files inside/,
      );
    }
    // NOTE: a video without sound goes all the way through the resumable upload and is refused
    // by the server once whole, so no run takes the two shared cores.
    const refused = await callError(client, 'create_edit', {
      name: 'Silent',
      source: path.basename(silent),
    });
    expect(refused, stderr()).toMatch(
      /^The edit .+ was made but its video did not arrive: .*no sound track/,
    );
  });

  async function expectMp4(url: string): Promise<void> {
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }
});
