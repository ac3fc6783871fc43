import { describe, expect, it } from 'vitest';
import {
  accessLabelOf,
  apiReferenceOf,
  filterGroups,
  filterWebhooks,
  groupOperations,
  operationMatches,
  operationsOf,
  pathGroupOf,
  sharedDescriptionOf,
} from './api-reference.rules.ts';
import type { ApiOperation } from './api-reference.rules.ts';
import { MAX_SCHEMA_DEPTH, resolvePointer, schemaTreeOf } from './schema-tree.rules.ts';
import type { SchemaNode } from './schema-tree.rules.ts';

// A small document shaped like the served one (zod-openapi's `__schemaN` components).
const sample = {
  openapi: '3.1.0',
  info: { title: 'Sample API', version: '2.0.0' },
  tags: [{ name: 'Video edits' }, { name: 'Authentication' }],
  paths: {
    '/api/auth/login': {
      post: {
        operationId: 'login',
        summary: 'Login',
        tags: ['Authentication'],
        security: [],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': { schema: { type: 'object' } },
            'application/json': { schema: { $ref: '#/components/schemas/Login' } },
          },
        },
        responses: { '200': { description: 'Signed in.' } },
      },
    },
    '/api/manage/autojob': {
      put: {
        operationId: 'autojobCreate',
        summary: 'Autojob create',
        tags: ['Video edits'],
        'x-token-scope': 'edit',
        parameters: [
          {
            in: 'header',
            name: 'idempotency-key',
            schema: { $ref: '#/components/schemas/Key' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 200 },
                  steps: { type: 'array', items: { $ref: '#/components/schemas/Step' } },
                },
                required: ['name', 'steps'],
              },
            },
          },
        },
        responses: {
          '400': { description: 'Bad.' },
          '200': {
            description: 'Success.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
          },
        },
      },
    },
    '/api/manage/autojob/{id}': {
      parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
      get: {
        summary: 'Autojob',
        tags: ['Video edits'],
        'x-token-scope': 'read',
        parameters: [{ in: 'query', name: 'verbose', schema: { type: ['boolean', 'null'] } }],
        responses: { '200': { description: 'The edit.' } },
      },
    },
    '/api/manage/tokens': {
      get: { summary: 'Access tokens', 'x-token-scope': 'none', responses: {} },
    },
  },
  webhooks: {
    'edit.rendered': {
      post: {
        summary: 'The edit.rendered event',
        description: 'Signed.',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Payload' } } },
        },
      },
    },
    'edit.failed': { post: { summary: 'The edit.failed event', description: 'Signed.' } },
  },
  components: {
    schemas: {
      Key: { description: 'A key of your choosing.', $ref: '#/components/schemas/KeyString' },
      KeyString: { type: 'string', maxLength: 255 },
      Login: {
        type: 'object',
        properties: { username: { type: 'string' }, password: { type: 'string' } },
        required: ['username'],
      },
      Step: { type: 'string', enum: ['optimised-long-form', 'short-form-clips'] },
      Job: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          job_instance: {
            anyOf: [
              {
                type: 'object',
                properties: { progress: { type: 'number', minimum: 0, maximum: 1 } },
              },
              { type: 'null' },
            ],
          },
          count: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
        },
        required: ['id', 'job_instance'],
      },
      Payload: {
        type: 'object',
        properties: {
          type: { const: 'edit.rendered' },
          data: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
};

const byKey = (key: string): ApiOperation => {
  const found = operationsOf(sample).find((operation) => operation.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};
const child = (node: SchemaNode | undefined, name: string): SchemaNode | undefined =>
  node?.children.find((c) => c.name === name);

describe('reading the operations of a document', () => {
  it('reads each method of each path with its summary, group and access', () => {
    expect(operationsOf(sample).map((o) => [o.key, o.group, o.access])).toEqual([
      ['POST /api/auth/login', 'Authentication', 'public'],
      ['PUT /api/manage/autojob', 'Video edits', 'edit'],
      ['GET /api/manage/autojob/{id}', 'Video edits', 'read'],
      ['GET /api/manage/tokens', 'tokens', 'session'],
    ]);
  });

  it('sets Idempotency-Key apart from the other parameters', () => {
    const create = byKey('PUT /api/manage/autojob');
    expect(create.idempotent).toBe(true);
    expect(create.parameters).toEqual([]);
    expect(byKey('GET /api/manage/autojob/{id}').idempotent).toBe(false);
  });

  it('reads path-level and operation parameters with their type and whether required', () => {
    const params = byKey('GET /api/manage/autojob/{id}').parameters;
    expect(params.map((p) => [p.name, p.location, p.type, p.required, p.nullable])).toEqual([
      ['id', 'path', 'string', true, false],
      ['verbose', 'query', 'boolean', false, true],
    ]);
  });

  it('draws the request body, preferring JSON, with required fields and item values', () => {
    const body = byKey('PUT /api/manage/autojob').requestBody;
    expect(body?.mediaType).toBe('application/json');
    expect(body?.required).toBe(true);
    expect(child(body?.tree, 'name')).toMatchObject({
      type: 'string',
      required: true,
      limits: ['1–200 characters'],
    });
    expect(child(body?.tree, 'steps')).toMatchObject({
      type: 'array of string',
      values: ['"optimised-long-form"', '"short-form-clips"'],
    });
    expect(byKey('POST /api/auth/login').requestBody?.mediaType).toBe('application/json');
  });

  it('draws the first 2xx response, its $ref resolved and "X or null" read as nullable X', () => {
    const response = byKey('PUT /api/manage/autojob').response;
    expect(response?.status).toBe('200');
    const instance = child(response?.payload?.tree, 'job_instance');
    expect(instance).toMatchObject({ type: 'object', nullable: true, required: true });
    expect(child(instance, 'progress')).toMatchObject({ type: 'number', limits: ['0–1'] });
    // NOTE: zod's MAX_SAFE_INTEGER maximum is no limit worth showing.
    expect(child(response?.payload?.tree, 'count')?.limits).toEqual(['≥ 1']);
    expect(byKey('GET /api/manage/tokens').response).toBeUndefined();
  });

  it('labels what each access needs', () => {
    expect(accessLabelOf('session')).toMatch(/not reachable with an access token/);
    expect(accessLabelOf('read')).toMatch(/read/);
  });
});

describe('schema trees', () => {
  it('keeps the description beside a $ref over the target', () => {
    const tree = schemaTreeOf({ $ref: '#/components/schemas/Key' }, sample);
    expect(tree).toMatchObject({ type: 'string', description: 'A key of your choosing.' });
    expect(tree.limits).toEqual(['≤ 255 characters']);
  });

  it('stops at a schema that contains itself', () => {
    const document = {
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              label: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            },
          },
        },
      },
    };
    const tree = schemaTreeOf({ $ref: '#/components/schemas/Node' }, document);
    expect(child(tree, 'children')).toMatchObject({ type: 'array of object', cut: 'cycle' });
    expect(child(tree, 'children')?.children).toEqual([]);
  });

  it('stops at a reference that loops on itself', () => {
    const document = { components: { schemas: { A: { $ref: '#/components/schemas/A' } } } };
    expect(schemaTreeOf({ $ref: '#/components/schemas/A' }, document).cut).toBe('cycle');
  });

  it(`stops ${MAX_SCHEMA_DEPTH} levels down`, () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < MAX_SCHEMA_DEPTH + 4; level += 1) {
      schema = { type: 'object', properties: { inner: schema } };
    }
    let node: SchemaNode | undefined = schemaTreeOf(schema, {});
    let depth = 0;
    while (node?.children[0]) {
      node = node.children[0];
      depth += 1;
    }
    expect(depth).toBe(MAX_SCHEMA_DEPTH);
    expect(node?.cut).toBe('depth');
  });

  it('reads a union of constants as values and any other union as options', () => {
    const values = schemaTreeOf({ anyOf: [{ const: 'a' }, { const: 'b' }, { type: 'null' }] }, {});
    expect(values).toMatchObject({ type: 'string', values: ['"a"', '"b"'], nullable: true });
    const options = schemaTreeOf(
      {
        oneOf: [
          { type: 'object', properties: { mode: { const: 'centre' } }, required: ['mode'] },
          { type: 'object', properties: { x: { type: 'number' } } },
        ],
      },
      {},
    );
    expect(options.type).toBe('one of');
    expect(options.children.map((option) => option.name)).toEqual(['mode = "centre"', 'option 2']);
  });

  it('reads maps, tuples, allOf, formats and defaults', () => {
    expect(
      schemaTreeOf({ type: 'object', additionalProperties: { type: 'integer' } }, {}).type,
    ).toBe('map of integer');
    const tuple = schemaTreeOf({ type: 'array', prefixItems: [{ type: 'number' }] }, {});
    expect(tuple.type).toBe('tuple');
    expect(tuple.children.map((c) => c.name)).toEqual(['[0]']);
    const merged = schemaTreeOf(
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'boolean', default: false } } },
        ],
      },
      {},
    );
    expect(merged.children.map((c) => [c.name, c.required, c.defaultValue])).toEqual([
      ['a', true, undefined],
      ['b', false, 'false'],
    ]);
    expect(schemaTreeOf({ type: 'string', format: 'binary' }, {}).type).toBe('string (binary)');
    expect(schemaTreeOf({}, {}).type).toBe('any');
  });

  it('resolves only local pointers, with ~1 as a slash', () => {
    const document = { components: { schemas: { 'a/b': { type: 'string' } } } };
    expect(resolvePointer(document, '#/components/schemas/a~1b')).toEqual({ type: 'string' });
    expect(resolvePointer(document, 'https://example.com/schema.json')).toBeUndefined();
    expect(resolvePointer(document, '#/components/schemas/missing')).toBeUndefined();
    expect(resolvePointer(document, '#/components/schemas/100%')).toBeUndefined();
  });
});

describe('grouping and filtering', () => {
  it('groups by tag in the order of the document, then the rest as they come', () => {
    const reference = apiReferenceOf(sample);
    expect(reference.groups.map((g) => [g.name, g.operations.length])).toEqual([
      ['Video edits', 2],
      ['Authentication', 1],
      ['tokens', 1],
    ]);
    expect(reference).toMatchObject({ title: 'Sample API', version: '2.0.0' });
    expect(groupOperations([], ['Empty'])).toEqual([]);
  });

  it('groups an untagged operation by the first word of its path after /api/manage', () => {
    expect(pathGroupOf('/api/manage/autojob/{id}/steps')).toBe('autojob');
    expect(pathGroupOf('/api/health')).toBe('health');
    expect(pathGroupOf('/')).toBe('/');
  });

  it('filters by every word of the query in method, path or summary', () => {
    const groups = apiReferenceOf(sample).groups;
    expect(operationMatches(byKey('PUT /api/manage/autojob'), 'put AUTOJOB')).toBe(true);
    expect(operationMatches(byKey('PUT /api/manage/autojob'), 'autojob delete')).toBe(false);
    expect(filterGroups(groups, 'login').map((g) => g.name)).toEqual(['Authentication']);
    expect(filterGroups(groups, '  ')).toEqual(groups);
    expect(filterGroups(groups, 'nothing-like-this')).toEqual([]);
  });

  it('reads the webhook events with their payloads, and filters them by name', () => {
    const events = apiReferenceOf(sample).webhooks;
    expect(events.map((e) => e.name)).toEqual(['edit.rendered', 'edit.failed']);
    const payload = events[0]?.payload?.tree;
    expect(child(payload, 'type')).toMatchObject({ type: 'string', values: ['"edit.rendered"'] });
    expect(child(payload, 'data')?.type).toBe('map of string');
    expect(events[1]?.payload).toBeUndefined();
    expect(filterWebhooks(events, 'failed').map((e) => e.name)).toEqual(['edit.failed']);
    expect(filterWebhooks(events, 'webhook')).toHaveLength(2);
    expect(sharedDescriptionOf(events)).toBe('Signed.');
    expect(sharedDescriptionOf([{ name: 'a', description: 'x' }, { name: 'b' }])).toBeUndefined();
  });

  it('reads a document with nothing in it', () => {
    expect(apiReferenceOf(undefined)).toEqual({ title: 'API', groups: [], webhooks: [] });
    expect(apiReferenceOf({ paths: { '/x': 'nonsense', '/y': { get: 3 } } }).groups).toEqual([]);
  });
});
