// Issue 31: one server on the embedded defaults (PGlite, the worker in the same process) with six
// users' edits analysed and rendered at once on two cores. Every render keeps its claim on its
// queue job however busy the process is: none is taken back and run again from the start.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, autoJobSchema } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { makeLongTalkingVideo } from '@roughcut/engine/testing';
import { multipartBody, mp4Part } from '../test/video-edits.ts';
import { freePort, pollUntil, startServer } from '../test/fault-processes.ts';
import type { Proc } from '../test/fault-processes.ts';

const EDITS = 6;

type Client = {
  call(method: string, url: string, body?: unknown): Promise<Response>;
  send(method: string, url: string, init: { body: Buffer; contentType: string }): Promise<Response>;
};

describe('a busy server with six edits at once', () => {
  let dir: string;
  let server: Proc;
  let baseUrl: string;
  let video: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-busy-'));
    const made = await makeLongTalkingVideo({
      dir,
      minutes: 0.75,
      width: 640,
      height: 360,
      fps: 25,
    });
    video = await readFile(made.path);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dir, 'no-web-build'),
      DATABASE_URL: '',
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function signUp(n: number): Promise<Client> {
    const name = `busy${n}${Date.now().toString(36)}`;
    const headers = { origin: baseUrl, 'content-type': 'application/json' };
    const credentials = { email: `${name}@example.com`, username: name, password: `pw-${name}` };
    const registered = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
    });
    expect(registered.status).toBe(200);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: name, password: credentials.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const send: Client['send'] = (method, url, init) =>
      fetch(`${baseUrl}${url}`, {
        method,
        headers: { origin: baseUrl, cookie, 'content-type': init.contentType },
        body: init.body,
      });
    return {
      send,
      call: (method, url, body) =>
        body === undefined
          ? fetch(`${baseUrl}${url}`, { method, headers: { origin: baseUrl, cookie } })
          : send(method, url, {
              body: Buffer.from(JSON.stringify(body)),
              contentType: 'application/json',
            }),
    };
  }

  async function statusOf(client: Client, jobId: string): Promise<AutoJob> {
    return autoJobSchema.parse(await (await client.call('GET', apiPaths.autojob(jobId))).json());
  }

  async function waitFor(client: Client, jobId: string, status: string): Promise<AutoJob> {
    return pollUntil(
      `edit ${jobId} ${status}`,
      async () => {
        const job = await statusOf(client, jobId);
        if (job.status === 'failed') throw new Error(`failed: ${job.job_instance?.failure_reason}`);
        return job.status === status ? job : undefined;
      },
      { timeoutMs: 900_000, intervalMs: 1000 },
    );
  }

  async function runEdit(n: number): Promise<void> {
    const client = await signUp(n);
    const created = await client.call('PUT', apiPaths.autojobCreate(), {
      name: `Busy ${n}`,
      steps: ['optimised-long-form', 'short-form-clips'],
    });
    const job = autoJobSchema.parse(await created.json());
    const uploaded = await client.send(
      'POST',
      apiPaths.autojobUpload(job.id),
      multipartBody([mp4Part(video)]),
    );
    expect(uploaded.status).toBe(200);
    expect((await client.call('POST', apiPaths.autojobStart(job.id))).status).toBe(200);
    const waiting = await waitFor(client, job.id, 'awaiting-confirmation');
    const instanceId = waiting.job_instance?.id ?? '';
    expect(
      (await client.call('POST', apiPaths.instanceClipsConfirm(job.id, instanceId))).status,
    ).toBe(200);
    expect((await client.call('POST', apiPaths.instanceConfirm(job.id, instanceId))).status).toBe(
      200,
    );
    await waitFor(client, job.id, 'finished');
  }

  it('renders every edit without a render losing its claim or starting over', async () => {
    await Promise.all(Array.from({ length: EDITS }, (_, n) => runEdit(n)));
    const log = server.output();
    if (process.env.BUSY_SERVER_LOG) await writeFile(process.env.BUSY_SERVER_LOG, log);
    expect(log).not.toMatch(/no longer active under this worker's claim/);
    expect(log).not.toMatch(/handing it back to the queue/);
    expect(log).not.toMatch(/resuming a stage an earlier try left unfinished/);
  }, 1_500_000);
});
