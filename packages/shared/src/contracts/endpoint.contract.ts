import type { z } from 'zod';

// The shape of one HTTP endpoint and the URL builders every endpoint shares. The table itself is
// in endpoints.contract.ts.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint = {
  method: HttpMethod;
  /** Fastify pattern (`:param`); param names match `params`. */
  path: string;
  /** `user`: a signed-in user is required (401 otherwise); `public`: anyone may call it. */
  auth: 'user' | 'public';
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body. Left out when the body is empty, multipart or raw (see `bodyKind`). */
  body?: z.ZodType;
  bodyKind?: 'multipart' | 'raw' | 'form-or-json';
  /** JSON response of a 2xx answer. */
  response?: z.ZodType;
  /**
   * A non-JSON answer: a PNG image, a file download (content-disposition attachment), or a
   * redirect (SPEC 7's 302 `{location}` or a 303).
   */
  responseKind?: 'png' | 'file' | 'redirect';
  /**
   * A GET that changes state (the spec's logout, a framing request that queues its planning, an
   * export that spends an edit): refused when another site sends it, like every POST.
   */
  changesState?: true;
  /**
   * Issue 36: only a signed-in browser session reaches it (the account, password, e-mail,
   * access-token and billing endpoints); a personal access token gets 403.
   */
  sessionOnly?: true;
  /**
   * Issue 36: takes an `Idempotency-Key` header; a retry with the same key answers what the first
   * request answered without doing it again (a retried script makes one edit, one render).
   */
  idempotent?: true;
};

/**
 * Issue 36: the scope a personal access token needs for `entry`: `read` for a GET that changes
 * nothing, `edit` for everything else, `none` for session-only endpoints (and undefined for public
 * ones, which need no credential).
 */
export function tokenScopeOf(entry: Endpoint): 'read' | 'edit' | 'none' | undefined {
  if (entry.auth === 'public') return undefined;
  if (entry.sessionOnly) return 'none';
  return entry.method === 'GET' && !entry.changesState ? 'read' : 'edit';
}

/** Keeps each entry's literal path and schema types while checking its shape. */
export const endpoint = <const E extends Endpoint>(entry: E): E => entry;

/** The `:name` params of a path pattern, in order. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type StringsFor<T extends unknown[]> = { [K in keyof T]: string };

/** Positional path arguments, then the query when the endpoint has one. */
export type PathBuilderArgs<E extends Endpoint> = E extends { query: z.ZodType }
  ? [...StringsFor<PathParamNames<E['path']>>, query?: z.input<E['query']>]
  : StringsFor<PathParamNames<E['path']>>;

export type EndpointParams<E extends Endpoint> = E extends { params: z.ZodType }
  ? z.input<E['params']>
  : Record<string, never>;

export type EndpointResponse<E extends Endpoint> = E extends { response: z.ZodType }
  ? z.output<E['response']>
  : unknown;

export const pathParamNamesOf = (pattern: string): string[] =>
  [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const pairs = Object.entries(query as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]): [string, string] => [key, String(value)]);
  return pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** A concrete URL of `entry`; every param is URI-encoded so an id cannot change the path. */
export function urlOf<E extends Endpoint>(
  entry: E,
  params: EndpointParams<E> | Record<string, string> = {},
  query?: unknown,
): string {
  const values = params as Record<string, unknown>;
  const path = entry.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (typeof value !== 'string') throw new Error(`${entry.path}: missing path param '${name}'`);
    return encodeURIComponent(value);
  });
  return `${path}${queryString(query)}`;
}

/** `(...pathArgs, query?) => url` for one entry, params in the order of its path. */
export function pathBuilderOf<E extends Endpoint>(
  entry: E,
): (...args: PathBuilderArgs<E>) => string {
  const names = pathParamNamesOf(entry.path);
  return (...args) => {
    const list = args as unknown[];
    const params = Object.fromEntries(names.map((name, index) => [name, list[index]]));
    return urlOf(entry, params as Record<string, string>, list[names.length]);
  };
}
