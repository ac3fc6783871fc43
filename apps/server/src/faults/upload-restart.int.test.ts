// A server killed with SIGKILL while a video uploads, then started again: the upload is marked
// failed with a reason the page shows, nothing of it counts against the user's storage or stays
// in the temp folder, and the user can upload again and start the edit.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, assetListResponseSchema, billingSummarySchema } from '@roughcut/shared';
import { createScratchDatabase } from '../test/test-app.ts';
import { talkingVideo } from '../test/test-media.ts';
import { INTERRUPTED_UPLOAD_REASON } from '../modules/assets/upload-failure-reasons.ts';
import { freePort, pollUntil, startServer } from '../test/fault-processes.ts';
import type { Proc } from '../test/fault-processes.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.warn('[faults] upload-restart test skipped: it needs PostgreSQL (set DATABASE_URL).');
}

describe.skipIf(!DATABASE_URL)('a server restarted during an upload (PostgreSQL)', () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let env: Record<string, string>;
  let origin: string;
  let server: Proc | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-upload-restart-'));
    scratch = await createScratchDatabase(DATABASE_URL ?? '');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      EMBEDDED_WORKER: 'false',
    };
  });
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let cookie = '';
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        origin,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };

  it('clears the half upload on start-up and takes the next one', async () => {
    server = await startServer(env);
    const id = `restart${randomBytes(4).toString('hex')}`;
    const credentials = { email: `${id}@example.com`, username: id, password: `pw-${id}-long` };
    expect((await api('POST', apiPaths.register(), credentials)).status).toBe(200);
    const login = await fetch(`${origin}${apiPaths.login()}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const created = await api('PUT', apiPaths.autojobCreate(), {
      name: 'Restart',
      steps: ['optimised-long-form'],
    });
    const jobId = (created.json as { id: string }).id;
    const video = await readFile(await talkingVideo(dataDir));

    // The upload announces the whole file, sends its first part and then waits.
    const boundary = `----rcfault${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="talk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const upload = request(`${origin}${apiPaths.autojobUpload(jobId)}`, {
      method: 'POST',
      headers: {
        origin,
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + video.length + tail.length),
      },
    });
    const outcome = new Promise<string>((resolve) => {
      upload.on('error', (error) => resolve(`error: ${error.message}`));
      upload.on('response', (response) => resolve(`status ${response.statusCode}`));
    });
    upload.write(Buffer.concat([head, video.subarray(0, 256 * 1024)]));
    await pollUntil(
      'the upload to be under way',
      async () => {
        const listed = assetListResponseSchema.parse(
          (await api('GET', apiPaths.autojobAssets(jobId))).json,
        ).assets;
        return listed.some((a) => a.status === 'uploading' && a.uploaded_amount > 0)
          ? true
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const used = billingSummarySchema.parse((await api('GET', apiPaths.billing())).json);
    expect(used.storage_used_bytes).toBeGreaterThan(0);

    await server.kill9();
    // The browser sees the connection drop (the page says the server could not be reached).
    expect(await outcome).toMatch(/^error: /);
    const tempDir = path.join(dataDir, 'media', '.tmp');
    expect((await readdir(tempDir)).length).toBeGreaterThan(0);

    server = await startServer(env);
    const listed = assetListResponseSchema.parse(
      (await api('GET', apiPaths.autojobAssets(jobId))).json,
    ).assets;
    expect(listed).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: INTERRUPTED_UPLOAD_REASON }),
    ]);
    expect(
      billingSummarySchema.parse((await api('GET', apiPaths.billing())).json).storage_used_bytes,
    ).toBe(0);
    expect(await readdir(tempDir)).toEqual([]);

    // Upload again: accepted, and it replaces the interrupted one; Start takes it.
    const form = new FormData();
    form.append('file', new Blob([video], { type: 'video/mp4' }), 'talk.mp4');
    const again = await fetch(`${origin}${apiPaths.autojobUpload(jobId)}`, {
      method: 'POST',
      headers: { origin, cookie },
      body: form,
    });
    expect(again.status).toBe(200);
    const after = assetListResponseSchema.parse(
      (await api('GET', apiPaths.autojobAssets(jobId))).json,
    ).assets;
    expect(after.map((a) => a.status)).toEqual(['uploaded']);
    expect(
      billingSummarySchema.parse((await api('GET', apiPaths.billing())).json).storage_used_bytes,
    ).toBe(video.length);
    expect((await api('POST', apiPaths.autojobStart(jobId))).status).toBe(200);
  });
});
