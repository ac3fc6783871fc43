// Issue 36: a whole edit driven by nothing but the OpenAPI document. A client is generated from
// /api/openapi.json at test time (openapi-typescript's types, openapi-fetch at run time); with a
// personal access token it registers a webhook, creates the edit twice with one Idempotency-Key
// (one edit), uploads, starts, confirms and continues, waits for the edit.rendered webhook on a
// local receiver that verifies it with the Standard Webhooks library, and downloads the mp4 through
// the link the API gives. Then every call it made, and every answer field it read, is type-checked
// against the generated types, so an endpoint the document lacks or types wrongly fails the test.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@roughcut/shared';
import { makeTalkingVideo } from '@roughcut/engine/testing';
import { callEndpoint, expectEndpointResponse } from '../test/endpoint-client.ts';
import { generateTypes, recordingClient, typeCheck } from '../test/openapi-client.ts';
import type { Answer, RecordingClient } from '../test/openapi-client.ts';
import { TEST_DATABASES, startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { signUp } from '../test/video-edits.ts';

const run = promisify(execFile);
/** A real engine run on two shared cores (see video-edits.ts waitForRun). */
const RUN_TIMEOUT_MS = 300_000;

type Delivery = { headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on loopback; `next` resolves with the first run-ending event of an edit. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const listeners = new Set<() => void>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
      for (const listener of listeners) listener();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endsRun = (delivery: Delivery, jobId: string) => {
    const event = JSON.parse(delivery.body) as { type?: string; data?: { auto_job_id?: string } };
    return event.data?.auto_job_id === jobId && event.type !== 'edit.clips_ready';
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/roughcut`,
    next: (jobId: string, timeoutMs: number) =>
      new Promise<Delivery>((resolve, reject) => {
        const check = () => {
          const found = deliveries.find((d) => endsRun(d, jobId));
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no edit.rendered webhook for ${jobId} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls the edit until its status is `status`; a failed run fails the test with its reason. */
async function waitForStatus(api: RecordingClient, id: string, status: string): Promise<Answer> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (;;) {
    const job = await api.call('get', '/api/manage/autojob/{id}', { params: { path: { id } } });
    expect(job.status).toBe(200);
    if (job.is('status', status)) return job;
    if (job.is('status', 'failed')) throw new Error(String(job.get('job_instance.failure_reason')));
    if (Date.now() > deadline) throw new Error(`the edit did not reach ${status} in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const secondsOf = async (file: string): Promise<number> => {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
};

describe.each(TEST_DATABASES)('an edit driven by the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let baseUrl: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    // NOTE: a real port, so openapi-fetch goes through fetch as a script's client does.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-openapi-journey-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads, renders on a signed webhook and downloads', { timeout: 600_000 }, async () => {
    const document = await fetch(`${baseUrl}/api/openapi.json`);
    expect(document.status).toBe(200);
    const types = await generateTypes(await document.json());
    // NOTE: two short sentences keep the run quick; it runs once per database in CI.
    const source = await makeTalkingVideo({
      dir,
      name: 'talk',
      sentences: ['Welcome to the scripted edit', 'The silence before this sentence is cut'],
      silenceS: 1.5,
      leadInS: 0.8,
      tailS: 0.8,
      width: 320,
      height: 180,
    });
    // NOTE: a token is made on the account page (a session-only endpoint): the script's credential.
    const { token } = expectEndpointResponse(
      ENDPOINTS.accessTokenCreate,
      await callEndpoint(t, ENDPOINTS.accessTokenCreate, {
        token: await signUp(t),
        body: { name: 'Journey script', scope: 'read+edit', expires_in_days: 30 },
      }),
    );
    const api = recordingClient(baseUrl, { Authorization: `Bearer ${token}` });

    const hook = await api.call('post', '/api/manage/webhooks', {
      body: { url: receiver.url, events: ['edit.rendered', 'edit.failed'] },
    });
    expect(hook.status, JSON.stringify(hook.error)).toBe(200);
    const secret = hook.text('secret');

    // A create retried with the same Idempotency-Key makes one edit, answered the same.
    const key = randomUUID();
    const create = () =>
      api.call('put', '/api/manage/autojob', {
        params: { header: { 'idempotency-key': key } },
        body: { name: 'Scripted edit', steps: ['optimised-long-form'] },
      });
    const [first, again] = [await create(), await create()];
    expect([first.status, again.status]).toEqual([200, 200]);
    const id = first.text('id');
    expect(again.text('id')).toBe(id);
    expect(again.data).toEqual(first.data);
    const edits = await api.call('get', '/api/manage/autojobs');
    expect(edits.get('length')).toBe(1);
    expect(edits.get('0.id')).toBe(id);
    const edit = { params: { path: { id } } };

    const video = await readFile(source.path);
    const uploaded = await api.call('post', '/api/manage/autojob/{id}/upload', {
      ...edit,
      body: { file: 'talk.mp4' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', new Blob([video], { type: 'video/mp4' }), 'talk.mp4');
        return form;
      },
    });
    expect(uploaded.status, JSON.stringify(uploaded.error)).toBe(200);
    expect(uploaded.is('status', 'uploaded')).toBe(true);
    expect(uploaded.get('size')).toBe(video.length);
    const started = await api.call('post', '/api/manage/autojob/{id}/start', edit);
    expect(started.status, JSON.stringify(started.error)).toBe(200);

    const waiting = await waitForStatus(api, id, 'awaiting-confirmation');
    const instanceId = waiting.text('job_instance.id');
    const instance = { params: { path: { id, instance_id: instanceId } } };
    const clips = await api.call(
      'get',
      '/api/manage/autojob/{id}/instance/{instance_id}/clips',
      instance,
    );
    expect(clips.is('0.is_long_form', true)).toBe(true);
    const confirmed = await api.call(
      'post',
      '/api/manage/autojob/{id}/instance/{instance_id}/clips/confirm',
      instance,
    );
    expect(confirmed.status, JSON.stringify(confirmed.error)).toBe(200);
    const rendered = receiver.next(id, RUN_TIMEOUT_MS);
    const continued = await api.call(
      'post',
      '/api/manage/autojob/{id}/instance/{instance_id}/confirm',
      {
        params: { ...instance.params, header: { 'idempotency-key': randomUUID() } },
      },
    );
    expect(continued.status, JSON.stringify(continued.error)).toBe(200);

    const delivery = await rendered;
    const payload = api.event(
      'edit.rendered',
      new Webhook(secret).verify(delivery.body, {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      }),
    );
    expect(payload.is('type', 'edit.rendered'), String(payload.get('data.failure_reason'))).toBe(
      true,
    );
    expect(payload.text('data.auto_job_id')).toBe(id);
    expect(payload.text('data.auto_job_instance_id')).toBe(instanceId);
    expect(payload.is('data.status', 'finished')).toBe(true);
    expect((await waitForStatus(api, id, 'finished')).text('job_instance.id')).toBe(instanceId);

    const link = await api.call('get', '/api/manage/autojob/{id}/download', edit);
    expect(link.status, JSON.stringify(link.error)).toBe(200);
    const url = link.text('url');
    expect(url).toMatch(/^\/api\/media\/[\w.-]+$/);
    const file = await api.call('get', '/api/media/{token}', {
      params: { path: { token: url.slice('/api/media/'.length) } },
      parseAs: 'arrayBuffer',
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; .*\.mp4"/);
    expect(file.get('byteLength')).toBeGreaterThan(1000);
    const bytes = Buffer.from(file.data as ArrayBuffer);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const out = path.join(dir, 'rendered.mp4');
    await writeFile(out, bytes);
    const seconds = await secondsOf(out);
    // The silences were cut, so the render is shorter than the upload, and not empty.
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(source.durationS);

    const journey = api.source();
    for (const call of ['PUT("/api/manage/autojob"', 'POST("/api/manage/autojob/{id}/upload"']) {
      expect(journey).toContain(call);
    }
    const diagnostics = await typeCheck(dir, types, {
      journey,
      // The check itself is checked: each of these is wrong and must not compile.
      unknownPath: `await client.GET('/api/manage/autojob/{id}/nothing', { params: { path: { id: 'x' } } });`,
      unknownStep: `await client.PUT('/api/manage/autojob', { body: { name: 'x', steps: ['long-form'] } });`,
      unknownField: `const { data } = await client.GET('/api/manage/autojobs');\n  data?.[0]?.renderd_at;`,
    });
    expect(diagnostics.journey).toEqual([]);
    expect(diagnostics.unknownPath?.length).toBeGreaterThan(0);
    expect(diagnostics.unknownStep?.length).toBeGreaterThan(0);
    expect(diagnostics.unknownField?.length).toBeGreaterThan(0);
  });
});
