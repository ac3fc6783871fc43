import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '@roughcut/shared';
import { createApiClient, fileNameFromContentDisposition } from './api-client.ts';
import { ApiError, describeError } from './api-error.ts';

type Call = { url: string; init: RequestInit };

function clientFor(response: () => Response) {
  const calls: Call[] = [];
  const navigate = vi.fn<(location: string) => void>();
  const client = createApiClient({
    fetch: (input, init) => {
      calls.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        init: init ?? {},
      });
      return Promise.resolve(response());
    },
    navigate,
  });
  return { client, calls, navigate };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('api client', () => {
  it('sends cookies and a JSON body, and parses the response with the schema', async () => {
    const { client, calls } = clientFor(() => json(200, { name: 'Ann', extra: 1 }));
    const result = await client.post(
      '/api/x',
      { a: 1 },
      { schema: z.object({ name: z.string() }) },
    );
    expect(result).toEqual({ name: 'Ann' });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/json');
  });

  it('sends no body and no content type for an empty POST', async () => {
    const { client, calls } = clientFor(() => new Response(null, { status: 204 }));
    await expect(client.post('/api/register/abc/confirm')).resolves.toBeUndefined();
    expect(calls[0]?.init.body).toBeUndefined();
    expect(new Headers(calls[0]?.init.headers).has('content-type')).toBe(false);
  });

  it('exposes the server err of a failed call', async () => {
    const { client } = clientFor(() => json(400, { err: 'Code has expired' }));
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Code has expired');
    expect(describeError(error, 'fallback')).toBe('Code has expired');
  });

  it('falls back when the failure carries no err', async () => {
    const { client } = clientFor(() => new Response('<html>oops</html>', { status: 500 }));
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBeUndefined();
    expect(describeError(error, 'There was an issue')).toBe('There was an issue');
  });

  it('navigates the page for a 302 with a location body and never settles', async () => {
    const { client, navigate } = clientFor(() =>
      json(302, { location: 'https://checkout.example/s/1' }),
    );
    const settled = vi.fn();
    client.post('/api/stripe/create-checkout-session').then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(navigate).toHaveBeenCalledWith('https://checkout.example/s/1');
    expect(settled).not.toHaveBeenCalled();
  });

  it('treats a body that does not match the schema as a failure', async () => {
    const { client } = clientFor(() => json(200, { name: 3 }));
    await expect(
      client.get('/api/x', { schema: z.object({ name: z.string() }) }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('reports an unreachable server as an ApiError with status 0', async () => {
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      navigate: () => undefined,
    });
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
  });

  it('uploads one file under "file" and many files under their own names', async () => {
    const { client, calls } = clientFor(() => json(200, { ok: true }));
    const a = new File(['a'], 'a.mp4', { type: 'video/mp4' });
    const b = new File(['b'], 'b.mp4', { type: 'video/mp4' });
    await client.upload('/api/up', a);
    await client.upload('/api/up', [a, b]);
    const one = calls[0]?.init.body as FormData;
    const many = calls[1]?.init.body as FormData;
    expect((one.get('file') as File).name).toBe('a.mp4');
    expect([...many.keys()]).toEqual(['a.mp4', 'b.mp4']);
    expect(calls[1]?.init.method).toBe('POST');
  });

  it('uses PUT and DELETE verbs', async () => {
    const { client, calls } = clientFor(() => json(200, { ok: true }));
    // NOTE: the answer is not a job, so the PUT's parse fails; only its verb is checked here.
    await client
      .call(ENDPOINTS.autojobCreate, { body: { name: 'x', steps: [] } })
      .catch(() => null);
    await client.delete('/api/d');
    expect(calls.map((call) => call.init.method)).toEqual(['PUT', 'DELETE']);
  });

  it('downloads a blob with the content-disposition file name', async () => {
    const { client } = clientFor(
      () =>
        new Response('video', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="my edit.mp4"' },
        }),
    );
    const file = await client.download('/files/1');
    expect(file.fileName).toBe('my edit.mp4');
    expect(await file.blob.text()).toBe('video');
  });

  it('tells how much of a download of known size has arrived', async () => {
    const chunks = ['PK', 'zip-', 'bytes'];
    const { client } = clientFor(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
              controller.close();
            },
          }),
          { status: 200, headers: { 'content-length': '11', 'content-type': 'application/zip' } },
        ),
    );
    const heard: number[] = [];
    const file = await client.download('/files/2', { onProgress: (f) => heard.push(f) });
    expect(heard).toEqual([2 / 11, 6 / 11, 1]);
    expect(await file.blob.text()).toBe('PKzip-bytes');
    expect(file.blob.type).toBe('application/zip');
  });
});

describe('fileNameFromContentDisposition', () => {
  it('prefers the RFC 5987 name', () => {
    expect(
      fileNameFromContentDisposition(
        'attachment; filename="fallback.mp4"; filename*=UTF-8\'\'caf%C3%A9.mp4',
      ),
    ).toBe('café.mp4');
    expect(fileNameFromContentDisposition('attachment; filename=plain.mp4')).toBe('plain.mp4');
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
  });
});
