import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { tokenScopeOf } from '@roughcut/shared';
import type { Endpoint, EndpointResponse } from '@roughcut/shared';
import type { z } from 'zod';
import { parseInput } from './errors.ts';
import { idempotencyHooks } from './idempotency.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Set by `routeEndpoint` on the table's form posts (`bodyKind: 'form-or-json'`). */
    formBody?: boolean;
    /** Set by `routeEndpoint` on the table's GETs that change state: checked like a POST (csrf.ts). */
    changesState?: boolean;
    /**
     * Issue 36: the scope a personal access token needs here (`tokenScopeOf` of the table's
     * entry); a route without it is never reached by a token.
     */
    tokenScope?: 'read' | 'edit' | 'none';
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /**
     * The preHandler of every `user` endpoint: answers 401 without a signed-in user, else sets
     * `request.user`. The app decorates it (the auth module's guard), so http/ imports no module.
     */
    requireUser: preHandlerAsyncHookHandler;
  }
}

export const FORM_BODY_REFUSED =
  'This address does not take form posts. Send JSON with the header Content-Type: application/json.';

/**
 * Whether the matched route takes a urlencoded form body: only the table's form posts (the
 * billing page's Buy plan and Manage subscription) do. NOTE: a form is what another site can post
 * without a CORS preflight, so every other route refuses one whatever its Origin says.
 */
export function acceptsFormBody(request: FastifyRequest): boolean {
  return request.routeOptions.config.formBody === true;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request's params, query and body, each checked against the endpoint's schema. */
export type EndpointInput<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
};

type Part = keyof EndpointInput<Endpoint>;

export type EndpointRouteOptions<E extends Endpoint> = {
  /** Names each part in a 400's message ("The id is ..."); defaults below. */
  where?: Partial<Record<Part, string>>;
  /**
   * Replaces the table's check of one part where the spec words its own message (the auth
   * forms' "You must enter ...", a job's "Please enter a name first").
   */
  parse?: { [P in Part]?: (raw: unknown) => EndpointInput<E>[P] };
  /** Replaces `app.requireUser` for a `user` endpoint (the billing form posts' redirect to /login). */
  authenticate?: preHandlerAsyncHookHandler;
  /** More preHandlers, run after the user is known (rate limits per account). */
  preHandler?: preHandlerAsyncHookHandler[];
} & Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'onRequest'>;

export type EndpointHandler<E extends Endpoint> = (
  request: FastifyRequest,
  input: EndpointInput<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply;

const DEFAULT_WHERE: Record<Part, string> = {
  params: 'The id',
  query: 'The query',
  body: 'The request body',
};

/**
 * Registers one entry of the endpoint table: its method and path, `app.requireUser` when it needs
 * a signed-in user, and its params, query and body parsed (a 400 `{err}` naming the field) before
 * the handler, which authorises and hands off to a service.
 */
export function routeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  options: EndpointRouteOptions<E>,
  handler: EndpointHandler<E>,
): void {
  const { where, parse, authenticate, preHandler = [], ...routeOptions } = options;
  const label = (part: Part) => where?.[part] ?? DEFAULT_WHERE[part];
  const check = <P extends Part>(part: P, raw: unknown): EndpointInput<E>[P] => {
    const custom = parse?.[part];
    if (custom) return custom(raw);
    const schema = entry[part];
    if (!schema) return undefined as EndpointInput<E>[P];
    return parseInput(schema, raw ?? {}, label(part)) as EndpointInput<E>[P];
  };
  const guards = entry.auth === 'user' ? [authenticate ?? userGuardOf(app)] : [];
  // NOTE: issue 36: the key is claimed once the user is known, and settled as the answer leaves.
  const idempotency = entry.idempotent
    ? idempotencyHooks(app.ctx, entry.bodyKind === 'multipart')
    : undefined;

  app.route({
    ...routeOptions,
    config: {
      ...routeOptions.config,
      formBody: entry.bodyKind === 'form-or-json',
      changesState: entry.changesState === true,
      ...(entry.auth === 'user' ? { tokenScope: tokenScopeOf(entry) } : {}),
    },
    method: entry.method,
    url: entry.path,
    preHandler: [...guards, ...preHandler, ...(idempotency ? [idempotency.preHandler] : [])],
    ...(idempotency ? { onSend: idempotency.onSend, onResponse: idempotency.onResponse } : {}),
    handler: async (request, reply) => {
      const input: EndpointInput<E> = {
        params: check('params', request.params),
        query: check('query', request.query),
        body: entry.bodyKind === 'multipart' ? (undefined as never) : check('body', request.body),
      };
      return handler(request, input, reply);
    },
  });
}

function userGuardOf(app: FastifyInstance): preHandlerAsyncHookHandler {
  if (!app.hasDecorator('requireUser')) {
    throw new Error(
      'The app has no requireUser decoration: decorate it before routing user endpoints.',
    );
  }
  return app.requireUser;
}
