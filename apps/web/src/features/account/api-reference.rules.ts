// Issue 36: the API reference page's model, read from the served OpenAPI 3.1 document: operations
// grouped by tag, a search filter, and each schema as a tree to draw (schema-tree.rules.ts).
// NOTE: the document arrives as loose JSON, so every read here checks its shape rather than
// trusting a type: a server newer or older than this page must still draw what it can.

import { dereference, isJson, jsonAt, listAt, schemaTreeOf, textAt } from './schema-tree.rules.ts';
import type { Json, SchemaNode } from './schema-tree.rules.ts';

export type { SchemaNode } from './schema-tree.rules.ts';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';

const HTTP_METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'patch',
  'head',
  'options',
  'trace',
];

/** What a caller needs: no credential, a token of a scope, any token, or the browser session. */
export type OperationAccess = 'public' | 'read' | 'edit' | 'token' | 'session';

export type ApiParameter = SchemaNode & { name: string; location: string };

export type ApiPayload = { mediaType: string; tree: SchemaNode };

export type ApiResponse = { status: string; description: string; payload?: ApiPayload };

export type ApiOperation = {
  /** "PUT /api/manage/autojob": unique in a document. */
  key: string;
  method: HttpMethod;
  path: string;
  operationId?: string;
  summary: string;
  description?: string;
  group: string;
  access: OperationAccess;
  /** Path, query and header parameters, Idempotency-Key aside (see `idempotent`). */
  parameters: ApiParameter[];
  idempotent: boolean;
  requestBody?: ApiPayload & { required: boolean };
  /** The first 2xx (or 3xx) answer. */
  response?: ApiResponse;
};

export type OperationGroup = { name: string; operations: ApiOperation[] };

export type WebhookEvent = {
  name: string;
  summary?: string;
  description?: string;
  payload?: ApiPayload;
};

export type ApiReference = {
  title: string;
  version?: string;
  groups: OperationGroup[];
  webhooks: WebhookEvent[];
};

/** How deep a schema tree goes before it stops (a property of a property of … six levels). */
export const IDEMPOTENCY_HEADER_NAME = 'idempotency-key';

function payloadOf(content: unknown, document: unknown): ApiPayload | undefined {
  if (!isJson(content)) return undefined;
  const types = Object.keys(content);
  const mediaType = types.find((t) => t === 'application/json') ?? types[0];
  if (mediaType === undefined) return undefined;
  const media = jsonAt(content, mediaType);
  return { mediaType, tree: schemaTreeOf(media?.schema ?? {}, document) };
}

function parametersOf(raw: unknown[], document: unknown): ApiParameter[] {
  return raw.flatMap((entry) => {
    const parameter = dereference(entry, document, new Set()).schema;
    const name = textAt(parameter, 'name');
    const location = textAt(parameter, 'in');
    if (!name || !location) return [];
    const tree = schemaTreeOf(parameter.schema ?? {}, document);
    const description = textAt(parameter, 'description') ?? tree.description;
    return [
      {
        ...tree,
        name,
        location,
        required: parameter.required === true,
        ...(description ? { description } : {}),
      },
    ];
  });
}

function accessOf(operation: Json, document: unknown): OperationAccess {
  const scope = operation['x-token-scope'];
  if (scope === 'read' || scope === 'edit') return scope;
  if (scope === 'none') return 'session';
  const security = operation.security ?? (isJson(document) ? document.security : undefined);
  if (!Array.isArray(security) || security.length === 0) return 'public';
  const schemes = jsonAt(jsonAt(document, 'components'), 'securitySchemes') ?? {};
  const bearer = security.some(
    (requirement) =>
      isJson(requirement) &&
      Object.keys(requirement).some((scheme) => jsonAt(schemes, scheme)?.scheme === 'bearer'),
  );
  return bearer ? 'token' : 'session';
}

const responseOf = (responses: Json | undefined, document: unknown): ApiResponse | undefined => {
  const status = Object.keys(responses ?? {})
    .filter((code) => /^[23]/.test(code))
    .sort()[0];
  const response = status === undefined ? undefined : jsonAt(responses, status);
  if (status === undefined || !response) return undefined;
  const payload = payloadOf(response.content, document);
  return {
    status,
    description: textAt(response, 'description') ?? '',
    ...(payload && { payload }),
  };
};

/** The group of an operation with no tag: the first path word after /api (and /manage). */
export function pathGroupOf(path: string): string {
  const words = path.split('/').filter((word) => word !== '' && !word.startsWith('{'));
  const rest = words[0] === 'api' ? words.slice(1) : words;
  return (rest[0] === 'manage' ? rest[1] : rest[0]) ?? '/';
}

function operationOf(method: HttpMethod, path: string, raw: Json, document: unknown) {
  const parameters = parametersOf(listAt(raw, 'parameters'), document);
  const idempotent = parameters.some((p) => p.name.toLowerCase() === IDEMPOTENCY_HEADER_NAME);
  const body = jsonAt(raw, 'requestBody');
  const payload = body ? payloadOf(body.content, document) : undefined;
  const response = responseOf(jsonAt(raw, 'responses'), document);
  const tag = listAt(raw, 'tags').find((t): t is string => typeof t === 'string');
  const operationId = textAt(raw, 'operationId');
  const description = textAt(raw, 'description');
  const operation: ApiOperation = {
    key: `${method.toUpperCase()} ${path}`,
    method,
    path,
    ...(operationId ? { operationId } : {}),
    summary: textAt(raw, 'summary') ?? operationId ?? '',
    ...(description ? { description } : {}),
    group: tag ?? pathGroupOf(path),
    access: accessOf(raw, document),
    parameters: parameters.filter((p) => p.name.toLowerCase() !== IDEMPOTENCY_HEADER_NAME),
    idempotent,
    ...(payload ? { requestBody: { ...payload, required: body?.required === true } } : {}),
    ...(response ? { response } : {}),
  };
  return operation;
}

/** Every operation of the document, in its order (path by path, method by method). */
export function operationsOf(document: unknown): ApiOperation[] {
  const paths = jsonAt(document, 'paths') ?? {};
  return Object.entries(paths).flatMap(([path, item]) => {
    if (!isJson(item)) return [];
    const shared = listAt(item, 'parameters');
    return HTTP_METHODS.flatMap((method) => {
      const raw = jsonAt(item, method);
      if (!raw) return [];
      // NOTE: path-level parameters apply to every method under the path.
      const parameters = [...shared, ...listAt(raw, 'parameters')];
      return [operationOf(method, path, { ...raw, parameters }, document)];
    });
  });
}

/** Operations by group: the document's `tags` order first, then groups as they appear. */
export function groupOperations(
  operations: readonly ApiOperation[],
  tagOrder: readonly string[] = [],
): OperationGroup[] {
  const groups = new Map<string, ApiOperation[]>(tagOrder.map((tag) => [tag, []]));
  for (const operation of operations) {
    const list = groups.get(operation.group) ?? [];
    list.push(operation);
    groups.set(operation.group, list);
  }
  return [...groups]
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => ({ name, operations: list }));
}

const termsOf = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');

/** Whether every word of `query` is in the operation's method, path or summary. */
export function operationMatches(operation: ApiOperation, query: string): boolean {
  const haystack = `${operation.method} ${operation.path} ${operation.summary}`.toLowerCase();
  return termsOf(query).every((term) => haystack.includes(term));
}

/** The groups with only the operations that match; a group left empty goes. */
export function filterGroups(groups: readonly OperationGroup[], query: string): OperationGroup[] {
  return groups
    .map((group) => ({
      ...group,
      operations: group.operations.filter((o) => operationMatches(o, query)),
    }))
    .filter((group) => group.operations.length > 0);
}

/** The webhook events that match `query` by name or summary. */
export function filterWebhooks(events: readonly WebhookEvent[], query: string): WebhookEvent[] {
  return events.filter((event) => {
    // NOTE: "webhook event" too, so a search for "webhook" keeps the events beside the operations.
    const haystack = `webhook event ${event.name} ${event.summary ?? ''}`.toLowerCase();
    return termsOf(query).every((term) => haystack.includes(term));
  });
}

/** The `webhooks` of a 3.1 document: each event with the payload it posts. */
export function webhookEventsOf(document: unknown): WebhookEvent[] {
  return Object.entries(jsonAt(document, 'webhooks') ?? {}).flatMap(([name, item]) => {
    const raw = HTTP_METHODS.map((method) => jsonAt(item, method)).find(Boolean);
    if (!raw) return [];
    const payload = payloadOf(jsonAt(raw, 'requestBody')?.content, document);
    const summary = textAt(raw, 'summary');
    const description = textAt(raw, 'description');
    return [
      {
        name,
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
        ...(payload ? { payload } : {}),
      },
    ];
  });
}

/** The whole page's model of a fetched document. */
export function apiReferenceOf(document: unknown): ApiReference {
  const info = jsonAt(document, 'info') ?? {};
  const tagOrder = isJson(document)
    ? listAt(document, 'tags').flatMap((tag) => (isJson(tag) ? [textAt(tag, 'name') ?? ''] : []))
    : [];
  const version = textAt(info, 'version');
  return {
    title: textAt(info, 'title') ?? 'API',
    ...(version ? { version } : {}),
    groups: groupOperations(operationsOf(document), tagOrder.filter(Boolean)),
    webhooks: webhookEventsOf(document),
  };
}

const ACCESS_LABELS: Record<OperationAccess, string> = {
  public: 'Public: no credential needed',
  read: 'Token scope read (a read or read+edit token)',
  edit: 'Token scope read+edit',
  token: 'Any access token',
  session: 'Session only: not reachable with an access token',
};

export const accessLabelOf = (access: OperationAccess): string => ACCESS_LABELS[access];

/** The description every event shares (said once above them), or undefined when they differ. */
export function sharedDescriptionOf(events: readonly WebhookEvent[]): string | undefined {
  const descriptions = new Set(events.map((event) => event.description));
  const [only] = descriptions;
  return descriptions.size === 1 ? only : undefined;
}
