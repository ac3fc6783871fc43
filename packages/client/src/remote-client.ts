// A Roughcut server reached with a personal access token (issue 36): every call is an entry of the
// shared endpoint table, sent with `Authorization: Bearer rc_…` (no cookie, so no CSRF Origin),
// its answer checked against the entry's response schema. Used by the command-line client and the
// MCP server; nothing here reads the disk or the terminal.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { ACCESS_TOKEN_PATTERN, errorResponseSchema, urlOf } from '@roughcut/shared';
import type { Endpoint, EndpointParams, EndpointResponse } from '@roughcut/shared';

/** A refused or failed call: `serverMessage` is the server's own `err` when it sent one. */
export class RemoteError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined, message?: string) {
    super(message ?? serverMessage ?? `The server answered ${status}`);
    this.name = 'RemoteError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export type RemoteClientOptions = {
  /** The server's address, e.g. `https://roughcut.example.com` (ROUGHCUT_URL). */
  baseUrl: string;
  /** A personal access token, `rc_…` (ROUGHCUT_TOKEN). */
  token: string;
  /** Injected for tests and for the server's own MCP endpoint; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export type RemoteCall<E extends Endpoint> = {
  params?: EndpointParams<E>;
  query?: E extends { query: z.ZodType } ? z.input<E['query']> : never;
  body?: E extends { body: z.ZodType } ? z.input<E['body']> : never;
  /** Sent as `Idempotency-Key` on the entries that take one, so a retried call is done once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export type RemoteClient = ReturnType<typeof createRemoteClient>;

/** What is wrong with the connection settings, in words a user can act on; undefined when fine. */
export function checkConnectionSettings(
  baseUrl: string | undefined,
  token: string | undefined,
): string | undefined {
  if (!baseUrl) return 'Set ROUGHCUT_URL to the address of your Roughcut server.';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `ROUGHCUT_URL is not an address: ${baseUrl}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'ROUGHCUT_URL must start with https:// (or http:// for a server on this machine).';
  }
  if (!token) {
    return 'Set ROUGHCUT_TOKEN to a personal access token (account page, API access).';
  }
  if (!ACCESS_TOKEN_PATTERN.test(token)) {
    return 'ROUGHCUT_TOKEN does not look like a Roughcut access token (they start with rc_).';
  }
  return undefined;
}

/** "connect ECONNREFUSED 127.0.0.1:3000" rather than fetch's own "TypeError: fetch failed". */
function reasonOf(cause: unknown): string {
  const inner = cause instanceof Error ? cause.cause : undefined;
  if (inner instanceof Error && inner.message) return inner.message;
  return cause instanceof Error ? cause.message : String(cause);
}

function parseBodyText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error of a failed answer: the server's `err` when it sent one, else its status. */
export function remoteErrorOf(status: number, body: unknown): RemoteError {
  const err = errorResponseSchema.safeParse(body);
  return err.success
    ? new RemoteError(status, err.data.err)
    : new RemoteError(status, undefined, `The server answered ${status}`);
}

export function createRemoteClient(options: RemoteClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const auth = { Authorization: `Bearer ${options.token}` };

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url.startsWith('http') ? url : `${base}${url}`, init);
    } catch (cause) {
      if (cause instanceof Error && cause.name === 'AbortError') throw cause;
      throw new RemoteError(0, undefined, `Unable to reach ${base}: ${reasonOf(cause)}`);
    }
  }

  async function failure(response: Response): Promise<RemoteError> {
    return remoteErrorOf(response.status, parseBodyText(await response.text()));
  }

  return {
    baseUrl: base,
    token: options.token,
    fetch: doFetch,

    /** Calls one entry of the endpoint table and returns its checked answer. */
    async call<E extends Endpoint>(
      entry: E,
      input: RemoteCall<E> = {},
    ): Promise<EndpointResponse<E>> {
      const headers: Record<string, string> = { ...auth, Accept: 'application/json' };
      if (input.body !== undefined) headers['Content-Type'] = 'application/json';
      if (input.idempotencyKey && entry.idempotent) {
        headers['Idempotency-Key'] = input.idempotencyKey;
      }
      const response = await send(urlOf(entry, input.params ?? {}, input.query), {
        method: entry.method,
        headers,
        ...(input.body !== undefined && { body: JSON.stringify(input.body) }),
        ...(input.signal && { signal: input.signal }),
      });
      const body = parseBodyText(await response.text());
      if (!response.ok) throw remoteErrorOf(response.status, body);
      if (!entry.response) return body as EndpointResponse<E>;
      const parsed = entry.response.safeParse(body);
      if (!parsed.success) {
        throw new RemoteError(
          response.status,
          undefined,
          `${entry.method} ${entry.path}: the server sent an answer this client does not understand (is it another version?)`,
        );
      }
      return parsed.data as EndpointResponse<E>;
    },

    /**
     * Saves a file the server sends (a signed media link or a download entry) to `path`, written
     * beside it first and renamed once whole, so an interrupted download leaves no half file.
     */
    async download(url: string, path: string, signal?: AbortSignal): Promise<number> {
      const response = await send(url, { headers: auth, ...(signal && { signal }) });
      if (!response.ok || !response.body) throw await failure(response);
      const partial = `${path}.part`;
      let bytes = 0;
      const counted = Readable.fromWeb(response.body);
      counted.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(counted, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return bytes;
    },
  };
}
