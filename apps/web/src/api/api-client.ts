import type { z } from 'zod';
import { errorResponseSchema, redirectResponseSchema, urlOf } from '@roughcut/shared';
import type { Endpoint, EndpointParams, EndpointResponse } from '@roughcut/shared';
import { ApiError } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one call of an endpoint-table entry sends. */
export type EndpointCall<E extends Endpoint> = {
  params?: EndpointParams<E>;
  query?: E extends { query: z.ZodType } ? z.input<E['query']> : never;
  body?: E extends { body: z.ZodType } ? z.input<E['body']> : never;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save as the tab closes); bodies up to 64 KB. */
  keepalive?: boolean;
};

export type RequestOptions<T> = {
  /** Parses a successful body; without it the body comes back as `unknown`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  keepalive?: boolean;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** Full-page navigation for SPEC section 7's "302 with a location in the body". */
  navigate: (location: string) => void;
};

/** A downloaded file with the name from its content-disposition header, when given. */
export type DownloadedFile = { blob: Blob; fileName: string | undefined };

export type ApiClient = ReturnType<typeof createApiClient>;

// The promise of a call that navigated the whole page away: nothing after it should run.
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** A response body: JSON when it parses, else the text itself, undefined when empty. */
export function parseBodyText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ApiError of a failed response: the server's `err` when it sent one, else the status. */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const err = errorResponseSchema.safeParse(body);
  return new ApiError(
    status,
    err.success ? err.data.err : undefined,
    err.success ? undefined : `${status} ${statusText}`.trim(),
  );
}

/** A successful body checked against its schema; a mismatch is an ApiError, never bad data. */
export function parseSuccessBody<T>(status: number, body: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(status, undefined, 'The server sent an unexpected response');
  }
  return parsed.data;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBodyText(await response.text());
}

export function fileNameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || undefined;
}

export function createApiClient(deps: ApiClientDeps) {
  async function send(method: HttpMethod, path: string, init: RequestInit): Promise<Response> {
    try {
      return await deps.fetch(path, { ...init, method, credentials: 'include' });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, undefined, 'Unable to reach the server, check your connection');
    }
  }

  async function finish<T>(response: Response, options: RequestOptions<T>): Promise<T> {
    const body = await readBody(response);
    if (response.status === 302) {
      const redirect = redirectResponseSchema.safeParse(body);
      if (redirect.success) {
        deps.navigate(redirect.data.location);
        return never<T>();
      }
    }
    if (!response.ok) throw apiErrorOf(response.status, response.statusText, body);
    if (!options.schema) return body as T;
    return parseSuccessBody(response.status, body, options.schema);
  }

  async function requestJson<T>(
    method: HttpMethod,
    path: string,
    json: unknown,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    const init: RequestInit = { headers: { Accept: 'application/json' } };
    if (options.signal) init.signal = options.signal;
    if (options.keepalive) init.keepalive = true;
    if (json !== undefined) {
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      init.body = JSON.stringify(json);
    }
    return finish(await send(method, path, init), options);
  }

  return {
    /**
     * Calls one entry of the shared endpoint table: its method and URL, and its answer parsed
     * with its response schema.
     */
    call: <E extends Endpoint>(entry: E, input: EndpointCall<E> = {}) =>
      requestJson<EndpointResponse<E>>(
        entry.method,
        urlOf(entry, input.params ?? {}, input.query),
        input.body,
        {
          ...(entry.response && { schema: entry.response as z.ZodType<EndpointResponse<E>> }),
          ...(input.signal && { signal: input.signal }),
          ...(input.keepalive && { keepalive: true }),
        },
      ),
    get: <T = unknown>(path: string, options?: RequestOptions<T>) =>
      requestJson<T>('GET', path, undefined, options),
    post: <T = unknown>(path: string, json?: unknown, options?: RequestOptions<T>) =>
      requestJson<T>('POST', path, json, options),
    delete: <T = unknown>(path: string, options?: RequestOptions<T>) =>
      requestJson<T>('DELETE', path, undefined, options),

    /**
     * Calls an endpoint-table entry whose answer is a file (e.g. the PNG example image), sending
     * its JSON body and accepting `accept`; a refusal is an ApiError like any other call.
     */
    async callFile<E extends Endpoint>(entry: E, accept: string, input: EndpointCall<E> = {}) {
      const init: RequestInit = {
        headers: { Accept: accept, 'Content-Type': 'application/json' },
        body: JSON.stringify(input.body),
      };
      if (input.signal) init.signal = input.signal;
      const url = urlOf(entry, input.params ?? {}, input.query);
      const response = await send(entry.method, url, init);
      if (!response.ok) return finish<never>(response, {});
      return response.blob();
    },

    /** Multipart upload: one file under `file`, or many files each appended under its own name. */
    async upload<T = unknown>(
      path: string,
      files: File | readonly File[],
      options: RequestOptions<T> = {},
    ): Promise<T> {
      const form = new FormData();
      if (files instanceof File) form.append('file', files, files.name);
      else for (const file of files) form.append(file.name, file, file.name);
      const init: RequestInit = { body: form, headers: { Accept: 'application/json' } };
      if (options.signal) init.signal = options.signal;
      return finish(await send('POST', path, init), options);
    },

    /**
     * Fetches a file (same origin or a signed URL) with its content-disposition file name;
     * `onProgress` hears the share received so far when the size is known (a large zip).
     */
    async download(
      url: string,
      options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
    ): Promise<DownloadedFile> {
      const init: RequestInit = options.signal ? { signal: options.signal } : {};
      const response = await send('GET', url, init);
      if (!response.ok) return finish<never>(response, {});
      const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'));
      const total = Number(response.headers.get('content-length'));
      if (!options.onProgress || !response.body || !(total > 0)) {
        return { blob: await response.blob(), fileName };
      }
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        received += value.byteLength;
        options.onProgress(Math.min(1, received / total));
      }
      const type = response.headers.get('content-type') ?? '';
      return { blob: new Blob(parts, { type }), fileName };
    },
  };
}

export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  navigate: (location) => window.location.assign(location),
});
