// A client generated from the OpenAPI document at test time (issue 36), as a script's author makes
// one: openapi-typescript's types and openapi-fetch. Every call goes through openapi-fetch and is
// recorded with the answer fields the test read; `typeCheck` replays the calls in a generated .ts
// file that the TypeScript compiler checks against the generated types, so a path, parameter,
// body, field or enum value the document lacks or types otherwise fails the test.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

export type Method = 'get' | 'put' | 'post' | 'delete';

export type CallInit = {
  params?: {
    path?: Record<string, string>;
    query?: Record<string, string>;
    header?: Record<string, string>;
  };
  body?: Record<string, unknown>;
  /** Builds the real body (a multipart form); the check sees `body` as the document types it. */
  bodySerializer?: () => FormData;
  parseAs?: 'arrayBuffer';
};

/** A value's fields, each read recorded for the type check (`a.b.0.c` names a field). */
export type Fields = {
  get(field: string): unknown;
  text(field: string): string;
  /** Whether the field is `expected`; the check fails if the document does not allow that value. */
  is(field: string, expected: string | number | boolean): boolean;
};

export type Answer = Fields & {
  status: number;
  headers: Headers;
  /** The parsed answer (an ArrayBuffer with `parseAs: 'arrayBuffer'`). */
  data: unknown;
  error: unknown;
};

type LooseClient = {
  request(
    method: Method,
    url: string,
    init: CallInit,
  ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

/** `job_instance.id` → `?.job_instance?.id`; numbers index arrays. */
const accessOf = (field: string): string =>
  field
    .split('.')
    .map((key) => (/^\d+$/.test(key) ? `?.[${key}]` : `?.${key}`))
    .join('');

function fieldsOf(subject: string, value: unknown, checks: string[]): Fields {
  const get = (field: string): unknown =>
    field
      .split('.')
      .reduce<unknown>(
        (at, key) =>
          at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
        value,
      );
  return {
    get(field) {
      checks.push(`${subject}${accessOf(field)};`);
      return get(field);
    },
    text(field) {
      checks.push(`${subject}${accessOf(field)} satisfies string | undefined;`);
      const found = get(field);
      if (typeof found !== 'string') throw new Error(`${field} is not a string: ${String(found)}`);
      return found;
    },
    is(field, expected) {
      checks.push(`${subject}${accessOf(field)} === ${JSON.stringify(expected)};`);
      return get(field) === expected;
    },
  };
}

const initSource = (init: CallInit): string =>
  `{ ${Object.entries(init)
    .map(([key, value]) =>
      key === 'bodySerializer'
        ? 'bodySerializer: () => new FormData()'
        : `${key}: ${JSON.stringify(value)}`,
    )
    .join(', ')} }`;

/** The generated types of `document` (openapi-typescript's Node API), as one .ts module's text. */
export async function generateTypes(document: unknown): Promise<string> {
  return astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}

/** An openapi-fetch client that records what it was asked and what was read of its answers. */
export function recordingClient(baseUrl: string, headers: Record<string, string>) {
  const client = createClient({ baseUrl, headers }) as unknown as LooseClient;
  // NOTE: a block's checks grow while the test reads its answer, so blocks render at the end.
  const blocks: { head: string; checks: string[]; tail: string }[] = [];
  return {
    async call(method: Method, url: string, init: CallInit = {}): Promise<Answer> {
      const { data, error, response } = await client.request(method, url, init);
      const call = `client.${method.toUpperCase()}(${JSON.stringify(url)}, ${initSource(init)})`;
      const block = { head: `{\n  const { data } = await ${call};`, checks: [], tail: '}' };
      blocks.push(block);
      return {
        ...fieldsOf('data', data, block.checks),
        status: response.status,
        headers: response.headers,
        data,
        error,
      };
    },
    /** The fields of a webhook's payload, checked against the document's `webhooks` entry. */
    event(name: string, payload: unknown): Fields {
      const type = `webhooks[${JSON.stringify(name)}]['post']['requestBody']['content']['application/json']`;
      const block = { head: `((payload: ${type}) => {`, checks: [], tail: '});' };
      blocks.push(block);
      return fieldsOf('payload', payload, block.checks);
    },
    /** The recorded calls as the body of an async function (repeated polls appear once). */
    source: (): string =>
      [
        ...new Set(
          blocks.map(({ head, checks, tail }) =>
            [head, ...checks.map((c) => `  ${c}`), tail].join('\n'),
          ),
        ),
      ].join('\n'),
  };
}

export type RecordingClient = ReturnType<typeof recordingClient>;

const MODULE_HEADER = `import createClient from 'openapi-fetch';
import type { paths, webhooks } from './generated-api';
const client = createClient<paths>({ baseUrl: 'http://localhost' });
`;

/**
 * Writes `types` and one module per entry of `bodies` (each an async function's body) to `dir`,
 * type-checks them together, and answers each module's diagnostics (one of the generated types or
 * of no file, such as a bad option, is every module's).
 */
export async function typeCheck(
  dir: string,
  types: string,
  bodies: Record<string, string>,
): Promise<Record<string, string[]>> {
  await writeFile(path.join(dir, 'generated-api.ts'), types);
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(bodies)) {
    files[name] = path.join(dir, `${name}.ts`);
    const source = `${MODULE_HEADER}export async function ${name}(): Promise<void> {\n${body}\n}\n`;
    await writeFile(files[name], source);
  }
  // NOTE: the files sit outside the repository, so openapi-fetch's types are named by path.
  const fetchTypes = path.join(
    path.dirname(createRequire(import.meta.url).resolve('openapi-fetch')),
    'index.d.mts',
  );
  const program = ts.createProgram(Object.values(files), {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { 'openapi-fetch': [fetchTypes] },
  });
  const messages = ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return { file: undefined, text };
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return {
      file: d.file.fileName,
      text: `${path.basename(d.file.fileName)}:${line + 1}: ${text}`,
    };
  });
  const modules = new Set<string | undefined>(Object.values(files));
  return Object.fromEntries(
    Object.entries(files).map(([name, file]) => [
      name,
      messages.filter((m) => m.file === file || !modules.has(m.file)).map((m) => m.text),
    ]),
  );
}
