// The OpenAPI document's schemas as trees the API reference page draws: `$ref`s resolved (cycles
// stopped), `allOf` merged, unions named, limits and enums spelled out, depth capped.
// NOTE: the document arrives as loose JSON, so every read here checks its shape rather than
// trusting a type: a server newer or older than this page must still draw what it can.

/** One schema (a property, an item, a body) as the page draws it. */
export type SchemaNode = {
  /** The property's name; absent on a root. */
  name?: string;
  /** Readable type: "string", "integer", "array of object", "map of string", "one of". */
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  /** The allowed values (enum or const) as JSON text. */
  values?: string[];
  /** Readable limits: "1–200 characters", "≥ 0", "pattern ^a$". */
  limits?: string[];
  /** The default as JSON text. */
  defaultValue?: string;
  children: SchemaNode[];
  /** Why the children stop: the schema repeats one it is inside, or the tree is deep enough. */
  cut?: 'cycle' | 'depth';
};

/** A parameter as a field of the tree, with where it goes (path, query, header, cookie). */
export const MAX_SCHEMA_DEPTH = 6;

export type Json = Record<string, unknown>;

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const jsonAt = (value: unknown, key: string): Json | undefined => {
  const found = isJson(value) ? value[key] : undefined;
  return isJson(found) ? found : undefined;
};
export const textAt = (value: Json, key: string): string | undefined => {
  const found = value[key];
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
};
export const listAt = (value: Json, key: string): unknown[] => {
  const found = value[key];
  return Array.isArray(found) ? found : [];
};

// WARNING: decodeURIComponent throws on a stray `%`; a bad reference must not break the page.
const decodedPart = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** The target of a local reference (`#/components/schemas/Job`), or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = decodedPart(part).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isJson(at) || !(key in at)) return undefined;
    at = at[key];
  }
  return at;
}

type Dereferenced = { schema: Json; refs: string[]; cycle: boolean };

/**
 * Follows `$ref`s to a schema; the referring schema's own keywords (3.1 allows a description
 * beside a `$ref`) win over the target's. `cycle` when a reference is one the tree is inside.
 */
export function dereference(
  raw: unknown,
  document: unknown,
  inside: ReadonlySet<string>,
): Dereferenced {
  let schema: Json = isJson(raw) ? raw : {};
  const refs: string[] = [];
  while (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (inside.has(ref) || refs.includes(ref)) return { schema, refs, cycle: true };
    refs.push(ref);
    const { $ref: _ref, ...own } = schema;
    const target = resolvePointer(document, ref);
    schema = { ...(isJson(target) ? target : {}), ...own };
  }
  return { schema, refs, cycle: false };
}

type Walk = { document: unknown; inside: ReadonlySet<string>; depth: number };

const json = (value: unknown): string => JSON.stringify(value) ?? String(value);

const isNullSchema = (schema: Json): boolean =>
  schema.type === 'null' || (Array.isArray(schema.type) && schema.type.every((t) => t === 'null'));

/** The `allOf` parts folded into one schema: properties and required lists merged. */
function mergeAllOf(schema: Json, walk: Walk): Json {
  const parts = listAt(schema, 'allOf').map((part) =>
    dereference(part, walk.document, walk.inside),
  );
  const { allOf: _allOf, ...rest } = schema;
  let merged: Json = {};
  for (const part of [...parts.map((p) => p.schema), rest]) {
    merged = {
      ...merged,
      ...part,
      properties: { ...jsonAt(merged, 'properties'), ...jsonAt(part, 'properties') },
      required: [...listAt(merged, 'required'), ...listAt(part, 'required')],
    };
  }
  return merged;
}

function limitsOf(schema: Json, type: string): string[] {
  const num = (key: string): number | undefined => {
    const value = schema[key];
    // NOTE: zod writes MAX_SAFE_INTEGER as the maximum of every integer: not a limit anyone sets.
    return typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER
      ? value
      : undefined;
  };
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const suffix = unit ? ` ${unit}` : '';
    if (min !== undefined && max !== undefined)
      return min === max ? `exactly ${min}${suffix}` : `${min}–${max}${suffix}`;
    if (min !== undefined) return `≥ ${min}${suffix}`;
    if (max !== undefined) return `≤ ${max}${suffix}`;
    return undefined;
  };
  const limits = [
    range(num('minLength'), num('maxLength'), 'characters'),
    range(num('minItems'), num('maxItems'), 'items'),
    type.startsWith('array') ? undefined : range(num('minimum'), num('maximum'), ''),
    num('exclusiveMinimum') === undefined ? undefined : `> ${num('exclusiveMinimum')}`,
    num('exclusiveMaximum') === undefined ? undefined : `< ${num('exclusiveMaximum')}`,
    typeof schema.pattern === 'string' ? `pattern ${schema.pattern}` : undefined,
  ];
  return limits.filter((limit): limit is string => limit !== undefined);
}

function baseTypeOf(schema: Json): { type: string; nullable: boolean } {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const types = declared.filter((t) => t !== 'null');
  // NOTE: `type: "null"` alone is the type null, not a nullable anything.
  const nullable = (declared.includes('null') && types.length > 0) || schema.nullable === true;
  const values = 'const' in schema ? [schema.const] : listAt(schema, 'enum');
  let type = types.join(' | ');
  if (type === '') {
    if (isJson(schema.properties) || isJson(schema.additionalProperties)) type = 'object';
    else if ('items' in schema || 'prefixItems' in schema) type = 'array';
    else if (values.length > 0) type = values[0] === null ? 'null' : typeof values[0];
    else type = declared.includes('null') ? 'null' : 'any';
  }
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return { type: `${type}${format}`, nullable };
}

/** A node with the fields every kind shares; the caller adds children. */
function leafOf(schema: Json, name: string | undefined, required: boolean): SchemaNode {
  const { type, nullable } = baseTypeOf(schema);
  const values = ('const' in schema ? [schema.const] : listAt(schema, 'enum')).map(json);
  const limits = limitsOf(schema, type);
  const description = textAt(schema, 'description');
  return {
    ...(name === undefined ? {} : { name }),
    type,
    required,
    nullable,
    ...(description ? { description } : {}),
    ...(values.length > 0 ? { values } : {}),
    ...(limits.length > 0 ? { limits } : {}),
    ...('default' in schema ? { defaultValue: json(schema.default) } : {}),
    children: [],
  };
}

function nodeOf(raw: unknown, walk: Walk, name?: string, required = false): SchemaNode {
  const found = dereference(raw, walk.document, walk.inside);
  if (found.cycle) {
    const { $ref, ...own } = found.schema;
    const target = typeof $ref === 'string' ? resolvePointer(walk.document, $ref) : undefined;
    return {
      ...leafOf({ ...(isJson(target) ? target : {}), ...own }, name, required),
      cut: 'cycle',
    };
  }
  const inside = new Set([...walk.inside, ...found.refs]);
  const here: Walk = { ...walk, inside };
  let schema = found.schema;
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema, here);

  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : listAt(schema, 'oneOf');
  if (variants.length > 0) return unionOf(schema, variants, here, name, required);

  const node = leafOf(schema, name, required);
  const properties = jsonAt(schema, 'properties');
  // NOTE: arrays and maps take no level of their own: their items' fields sit right under them.
  if (!properties && isJson(schema.additionalProperties)) {
    const value = nodeOf(schema.additionalProperties, here);
    return { ...node, ...innerOf(value), type: `map of ${value.type}` };
  }
  if (!properties && 'items' in schema && !Array.isArray(schema.prefixItems)) {
    const item = nodeOf(schema.items, here);
    return { ...node, ...innerOf(item), type: `array of ${item.type}` };
  }
  const fields: [string, unknown, boolean][] = properties
    ? Object.entries(properties).map(([key, value]) => {
        return [key, value, listAt(schema, 'required').includes(key)];
      })
    : listAt(schema, 'prefixItems').map((item, index) => [`[${index}]`, item, false]);
  if (!properties && fields.length > 0) node.type = 'tuple';
  if (fields.length === 0) return node;
  if (walk.depth >= MAX_SCHEMA_DEPTH) return { ...node, cut: 'depth' };
  const deeper: Walk = { ...here, depth: walk.depth + 1 };
  return { ...node, children: fields.map(([key, value, req]) => nodeOf(value, deeper, key, req)) };
}

/** What an array or a map shows of its items: their values and fields. */
function innerOf(item: SchemaNode): Partial<SchemaNode> {
  return {
    children: item.children,
    ...(item.values ? { values: item.values } : {}),
    ...(item.cut ? { cut: item.cut } : {}),
  };
}

/**
 * `anyOf`/`oneOf`: "X or null" reads as a nullable X, a choice of constants as their values, and
 * anything else as "one of" with each option beneath.
 */
function unionOf(
  schema: Json,
  variants: unknown[],
  walk: Walk,
  name: string | undefined,
  required: boolean,
): SchemaNode {
  const shallow = variants.map((v) => dereference(v, walk.document, walk.inside).schema);
  const nullable = shallow.some(isNullSchema);
  const options = variants.filter((_, index) => !isNullSchema(shallow[index] ?? {}));
  const own = leafOf(schema, name, required);
  const description = own.description ? { description: own.description } : {};
  if (options.length === 1) {
    const only = nodeOf(options[0], walk, name, required);
    return { ...only, ...description, nullable: nullable || only.nullable };
  }
  const nodes = options.map((option) => nodeOf(option, walk));
  if (nodes.every((n) => n.values && n.children.length === 0)) {
    const types = [...new Set(nodes.map((n) => n.type))];
    const values = nodes.flatMap((n) => n.values ?? []);
    return { ...own, ...description, type: types.join(' | '), nullable, values, children: [] };
  }
  if (walk.depth >= MAX_SCHEMA_DEPTH) return { ...own, type: 'one of', nullable, cut: 'depth' };
  const deeper: Walk = { ...walk, depth: walk.depth + 1 };
  const children = options.map((option, index) => {
    const node = nodeOf(option, deeper);
    return { ...node, name: variantNameOf(node, index) };
  });
  return { ...own, type: 'one of', nullable, children };
}

/** "state = \"ready\"" when the option has a field with one fixed value (a tag), else "option 2". */
function variantNameOf(node: SchemaNode, index: number): string {
  const tag = node.children.find((child) => child.required && child.values?.length === 1);
  return tag?.values ? `${tag.name} = ${tag.values[0]}` : `option ${index + 1}`;
}

/** A schema of `document` as a tree (a body, a response, a webhook payload). */
export function schemaTreeOf(schema: unknown, document: unknown): SchemaNode {
  return nodeOf(schema, { document, inside: new Set(), depth: 0 });
}

/** The JSON content when there is one, else the first: what a script most likely sends. */
