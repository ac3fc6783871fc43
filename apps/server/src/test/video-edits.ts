// Helpers for the video-edit API tests: signed-in users, jobs, multipart uploads and polling.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiPaths, autoJobSchema, errorResponseSchema } from '@roughcut/shared';
import type { AutoJob, JobStatus, StepType } from '@roughcut/shared';
import { TEST_ORIGIN, loginUser, newCredentials, registerUser, withSession } from './test-app.ts';
import type { TestApp } from './test-app.ts';

export const errOf = (response: LightMyRequestResponse): string =>
  errorResponseSchema.parse(response.json()).err;

export async function signUp(t: TestApp): Promise<string> {
  const creds = newCredentials();
  await registerUser(t, creds);
  return loginUser(t, creds.email, creds.password);
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** JSON calls as the browser makes them: session cookie, same Origin. */
export function caller(t: TestApp, token: string): Call {
  return (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...withSession(token),
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
}

export async function createJob(
  call: Call,
  steps: StepType[] = ['optimised-long-form', 'short-form-clips'],
  name = `Edit ${randomBytes(3).toString('hex')}`,
): Promise<AutoJob> {
  const response = await call('PUT', apiPaths.autojobCreate(), { name, steps });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return autoJobSchema.parse(response.json());
}

export type FilePart = { field?: string; fileName: string; contentType: string; body: Buffer };

export function multipartBody(parts: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----rctest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Uploads through the real multipart path. `chunkDelayMs` streams the body slowly in 64 KB
 * chunks so progress can be watched mid-upload.
 */
export async function upload(
  t: TestApp,
  token: string,
  jobId: string,
  parts: FilePart[],
  options: { chunkDelayMs?: number } = {},
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(parts);
  const delay = options.chunkDelayMs;
  const payload =
    delay === undefined
      ? body
      : Readable.from(
          (async function* () {
            for (let offset = 0; offset < body.length; offset += 64 * 1024) {
              await new Promise((resolve) => setTimeout(resolve, delay));
              yield body.subarray(offset, offset + 64 * 1024);
            }
          })(),
        );
  return t.app.inject({
    method: 'POST',
    url: apiPaths.autojobUpload(jobId),
    headers: {
      origin: TEST_ORIGIN,
      'content-type': contentType,
      'content-length': String(body.length),
    },
    ...withSession(token),
    payload,
  });
}

export const mp4Part = (body: Buffer, fileName = 'talk.mp4'): FilePart => ({
  fileName,
  contentType: 'video/mp4',
  body,
});

/** Polls the job (as the job page does) until its status is one of `statuses`. */
export async function waitForStatus(
  call: Call,
  jobId: string,
  statuses: JobStatus[],
  { timeoutMs = 120_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<AutoJob> {
  const deadline = Date.now() + timeoutMs;
  let last: AutoJob | undefined;
  while (Date.now() < deadline) {
    const response = await call('GET', apiPaths.autojob(jobId));
    last = autoJobSchema.parse(response.json());
    if (statuses.includes(last.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `job ${jobId} did not reach ${statuses.join('/')} within ${timeoutMs} ms (last: ${last?.status}, ${last?.job_instance?.failure_reason ?? ''})`,
  );
}

/** A signed-in user's job, as the job page sees it: the session, its calls and the job. */
export type VideoEdit = { token: string; call: Call; job: AutoJob };

/**
 * The create panel's path as one step: signs up (unless `token` is given), creates a job with
 * `steps`, uploads `video` and presses Start; the upload and the start must both succeed.
 * `beforeUpload` and `beforeStart` change the job's settings at those points.
 */
export async function startVideoEdit(
  t: TestApp,
  video: Buffer,
  options: {
    steps?: StepType[];
    name?: string;
    token?: string;
    beforeUpload?: (edit: VideoEdit) => Promise<void>;
    beforeStart?: (edit: VideoEdit) => Promise<void>;
  } = {},
): Promise<VideoEdit> {
  const token = options.token ?? (await signUp(t));
  const call = caller(t, token);
  const edit = { token, call, job: await createJob(call, options.steps, options.name) };
  await options.beforeUpload?.(edit);
  expect((await upload(t, token, edit.job.id, [mp4Part(video)])).statusCode).toBe(200);
  await options.beforeStart?.(edit);
  expect((await call('POST', apiPaths.autojobStart(edit.job.id))).statusCode).toBe(200);
  return edit;
}

/**
 * Waits for a real engine run (up to 5 min on two shared cores) to reach `status`; a failed run
 * fails the test with its reason.
 */
export async function waitForRun(
  edit: VideoEdit,
  status: 'awaiting-confirmation' | 'finished',
): Promise<AutoJob> {
  const job = await waitForStatus(edit.call, edit.job.id, [status, 'failed'], {
    timeoutMs: 300_000,
    intervalMs: 1000,
  });
  expect(job.job_instance?.failure_reason ?? null).toBeNull();
  expect(job.status).toBe(status);
  return job;
}
