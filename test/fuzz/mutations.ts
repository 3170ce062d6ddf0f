// Requests that break the document, made from a valid one, each with the status the document
// gives it: 400 for a body, query or path that breaks its schema or the input rules (wrong types,
// missing and extra fields, lengths and item counts past each bound, patterns, NUL and unpaired surrogates, 1e400,
// -0, 2^53+1, arrays and objects in place of scalars, repeated and unknown query parameters, bad
// JSON, deep nesting); 401 for a missing or bad key or token; 404 for a method the path does not
// have; 413 for a body over the operation's limit; 415 for a body that is not JSON. A mutation
// that happens to leave the request valid is not used (the schema, through the project's Ajv, and
// the input rules below, decide; the server is judged only by its answers).
import { assemble, token, type FuzzOperation, type Overrides, type Parts } from './operations.js';
import type { FuzzRequest } from './http.js';
import { compileCached, fieldsOf, getAt, objectSchemaAt, setAt, typesOf, type Chooser, type Field, type Schema } from './schema.js';
import { ADMIN_TOKEN } from './world.js';

export interface Mutation {
  readonly label: string;
  readonly request: FuzzRequest;
  readonly statuses: readonly number[];
}

export interface Context {
  readonly op: FuzzOperation;
  readonly parts: Parts;
  readonly c: Chooser;
  readonly revokedKey: string;
  readonly agentKey: string;
  /** The methods the document has on this operation's path. */
  readonly operationsOnPath: readonly string[];
}

type Mutator = (ctx: Context) => Mutation | null;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const badText = (s: string) => s.includes('\u0000') || !isWellFormed(s);

/** Whether any string or field name in a parsed body breaks the input rules (iterative: bodies may nest deeply). */
function hasBadText(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (badText(node)) return true;
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (badText(k)) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/** Whether the body as sent is one the server must refuse with 400. */
function bodyInvalid(op: FuzzOperation, raw: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return true;
  }
  if (raw.includes('"__proto__"') || raw.includes('"constructor"')) return true; // refused as prototype poisoning
  return hasBadText(parsed) || !compileCached(op.bodySchema!)(parsed);
}

function bodyMutation(ctx: Context, label: string, raw: string): Mutation | null {
  if (!bodyInvalid(ctx.op, raw)) return null;
  if (Buffer.byteLength(raw) > ctx.op.bodyLimit) return null;
  return { label, request: assemble(ctx.op, ctx.parts, { rawBody: raw }), statuses: [400] };
}

function bodyFields(ctx: Context): Field[] {
  return ctx.op.bodySchema && ctx.parts.body !== undefined ? fieldsOf(ctx.op.bodySchema, ctx.parts.body) : [];
}

const where = (f: Field) => (f.path.length ? `body.${f.path.join('.')}` : 'body');

const WRONG_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', '10', 'true', [], [1], ['a'], {}, { a: 1 }, 1e300];

const wrongType: Mutator = (ctx) => {
  const fields = bodyFields(ctx);
  if (fields.length === 0) return null;
  const field = ctx.c.pick(fields);
  const value = ctx.c.pick(WRONG_VALUES);
  return bodyMutation(ctx, `${where(field)} = ${JSON.stringify(value)}`, JSON.stringify(setAt(ctx.parts.body, field.path, value)));
};

const missingRequired: Mutator = (ctx) => {
  const holders = bodyFields(ctx).filter((f) => {
    const value = getAt(ctx.parts.body, f.path);
    return value && typeof value === 'object' && !Array.isArray(value) && (objectSchemaAt(f.schema, value).required ?? []).length > 0;
  });
  if (holders.length === 0) return null;
  const holder = ctx.c.pick(holders);
  const name = ctx.c.pick<string>(objectSchemaAt(holder.schema, getAt(ctx.parts.body, holder.path)).required);
  return bodyMutation(ctx, `${where(holder)} without required ${name}`, JSON.stringify(setAt(ctx.parts.body, [...holder.path, name], undefined, true)));
};

const EXTRA_NAMES = ['extra', 'Name', 'rating ', '', '$where', 'a.b', '🦊', 'x'.repeat(200)];

const extraField: Mutator = (ctx) => {
  const objects = bodyFields(ctx).filter((f) => {
    const value = getAt(ctx.parts.body, f.path);
    return value && typeof value === 'object' && !Array.isArray(value);
  });
  if (objects.length === 0) return null;
  const holder = ctx.c.pick(objects);
  const name = ctx.c.pick(EXTRA_NAMES);
  return bodyMutation(
    ctx,
    `${where(holder)} with extra field ${JSON.stringify(name)}`,
    JSON.stringify(setAt(ctx.parts.body, [...holder.path, name], ctx.c.pick(WRONG_VALUES))),
  );
};

const lengthPastBound: Mutator = (ctx) => {
  const strings = bodyFields(ctx).filter((f) => typeof getAt(ctx.parts.body, f.path) === 'string' && (f.schema.maxLength !== undefined || f.schema.minLength));
  if (strings.length === 0) return null;
  const field = ctx.c.pick(strings);
  const current = [...String(getAt(ctx.parts.body, field.path))];
  const overMax = field.schema.maxLength !== undefined && (ctx.c.chance(0.7) || !field.schema.minLength);
  const length = overMax ? field.schema.maxLength + 1 : field.schema.minLength - 1;
  const pad = ctx.c.pick(['a', '🦊', 'é']);
  const value = current.length >= length ? current.slice(0, length).join('') : current.join('') + pad.repeat(length - current.length);
  return bodyMutation(
    ctx,
    `${where(field)} of ${length} characters (${overMax ? 'max' : 'min'} ${overMax ? field.schema.maxLength : field.schema.minLength})`,
    JSON.stringify(setAt(ctx.parts.body, field.path, value)),
  );
};

const itemsPastBound: Mutator = (ctx) => {
  const arrays = bodyFields(ctx).filter((f) => Array.isArray(getAt(ctx.parts.body, f.path)) && typeof f.schema.maxItems === 'number');
  if (arrays.length === 0) return null;
  const field = ctx.c.pick(arrays);
  const items = getAt(ctx.parts.body, field.path) as unknown[];
  const filler = items[0] ?? (field.schema.items?.type === 'string' ? 'x' : {});
  const value = Array.from({ length: field.schema.maxItems + 1 }, (_, i) => items[i] ?? filler);
  return bodyMutation(
    ctx,
    `${where(field)} with ${value.length} items (max ${field.schema.maxItems})`,
    JSON.stringify(setAt(ctx.parts.body, field.path, value)),
  );
};

const PATTERN_BREAKERS = ['UPPER', 'a b', ' ', '\t\n', 'a/b', 'ftp://x.example', 'javascript:alert(1)', '../etc', '<script>', 'ä'];

const patternBreak: Mutator = (ctx) => {
  const patterned = bodyFields(ctx).filter((f) => typeof f.schema.pattern === 'string' || f.schema.format || f.schema.enum || f.schema.const !== undefined);
  if (patterned.length === 0) return null;
  const field = ctx.c.pick(patterned);
  const value = ctx.c.pick(PATTERN_BREAKERS);
  return bodyMutation(ctx, `${where(field)} = ${JSON.stringify(value)}`, JSON.stringify(setAt(ctx.parts.body, field.path, value)));
};

const BAD_CHARACTERS = ['\u0000', '\ud800', '\udfff', '\udc00\ud800'];

const badCharacters: Mutator = (ctx) => {
  const strings = bodyFields(ctx).filter((f) => typeof getAt(ctx.parts.body, f.path) === 'string');
  const objects = bodyFields(ctx).filter((f) => {
    const v = getAt(ctx.parts.body, f.path);
    return v && typeof v === 'object' && !Array.isArray(v);
  });
  const bad = ctx.c.pick(BAD_CHARACTERS);
  if (strings.length > 0 && ctx.c.chance(0.8)) {
    const field = ctx.c.pick(strings);
    const current = String(getAt(ctx.parts.body, field.path));
    const at = ctx.c.int(current.length + 1);
    return bodyMutation(
      ctx,
      `${where(field)} with ${JSON.stringify(bad)}`,
      JSON.stringify(setAt(ctx.parts.body, field.path, current.slice(0, at) + bad + current.slice(at))),
    );
  }
  if (objects.length === 0) return null;
  const holder = ctx.c.pick(objects);
  const value = getAt(ctx.parts.body, holder.path) as Record<string, unknown>;
  const [name, inner] = Object.entries(value)[0] ?? ['field', 1];
  const renamed = { ...Object.fromEntries(Object.entries(value).slice(1)), [`${name}${bad}`]: inner };
  return bodyMutation(ctx, `${where(holder)} with a field name holding ${JSON.stringify(bad)}`, JSON.stringify(setAt(ctx.parts.body, holder.path, renamed)));
};

const NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '9007199254740993',
  '-9007199254740993',
  '-0',
  '1.5',
  '0.1e1',
  '1E2',
  '-1',
  '0',
  '11',
  '1e-400',
  '123456789012345678901234567890',
];
const PLACEHOLDER = '__fuzz_number__';

const strangeNumber: Mutator = (ctx) => {
  const numbers = bodyFields(ctx).filter((f) => typesOf(f.schema).some((t) => t === 'integer' || t === 'number'));
  const fields = numbers.length > 0 ? numbers : bodyFields(ctx).filter((f) => f.path.length > 0);
  if (fields.length === 0) return null;
  const field = ctx.c.pick(fields);
  const bound = typeof field.schema.maximum === 'number' && ctx.c.chance(0.3) ? String(field.schema.maximum + 1) : ctx.c.pick(NUMBER_TOKENS);
  const raw = JSON.stringify(setAt(ctx.parts.body, field.path, PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, bound);
  return bodyMutation(ctx, `${where(field)} = ${bound}`, raw);
};

function badJsonBodies(valid: string, c: Chooser): Array<[string, string]> {
  const depth = 2000 + c.int(4000);
  return [
    ['truncated JSON', valid.slice(0, Math.max(1, c.int(valid.length)))],
    ['trailing garbage', `${valid}x`],
    ['two documents', `${valid}${valid}`],
    ['single quotes', valid.replaceAll('"', "'")],
    ['a trailing comma', valid.replace(/}$/, ',}')],
    ['an unquoted key', valid.replace(/"(\w+)":/, '$1:')],
    ['NaN', 'NaN'],
    ['a broken escape', '{"a":"\\u12"}'],
    ['a bare string', '"text"'],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[]'],
    ['deep nesting', `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['a prototype key', valid.replace(/^\{/, '{"__proto__":{"polluted":true},')],
    ['a constructor key', valid.replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},')],
    ['an empty body', ''],
    ['white space only', ' \n '],
  ];
}

const badJson: Mutator = (ctx) => {
  if (!ctx.op.bodySchema) return null;
  const [label, raw] = ctx.c.pick(badJsonBodies(JSON.stringify(ctx.parts.body), ctx.c));
  if (raw.trim() !== '' && !bodyInvalid(ctx.op, raw)) return null;
  return { label: `body: ${label}`, request: assemble(ctx.op, ctx.parts, { rawBody: raw }), statuses: [400] };
};

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'text/json',
  'application/jsonx',
];

const wrongContentType: Mutator = (ctx) => {
  if (!ctx.op.bodySchema) return null;
  const type = ctx.c.pick([...CONTENT_TYPES, null]);
  const overrides: Overrides = type === null ? { dropHeaders: ['content-type'] } : { headers: { 'content-type': type } };
  return { label: type === null ? 'a body with no Content-Type' : `Content-Type ${type}`, request: assemble(ctx.op, ctx.parts, overrides), statuses: [415] };
};

const tooLarge: Mutator = (ctx) => {
  if (!ctx.op.bodySchema || !ctx.c.chance(ctx.op.bodyLimit > 64 * 1024 ? 0.2 : 1)) return null;
  const valid = JSON.stringify(ctx.parts.body);
  const raw = valid.replace(/^\{/, `{${' '.repeat(ctx.op.bodyLimit + 1 - valid.length)}`);
  return {
    label: `a body of ${Buffer.byteLength(raw)} bytes (limit ${ctx.op.bodyLimit})`,
    request: assemble(ctx.op, ctx.parts, { rawBody: raw }),
    statuses: [413],
  };
};

const badCredentials: Mutator = (ctx) => {
  const caller = ctx.op.spec.caller;
  if (caller === 'anyone') return null;
  const hex = Array.from({ length: 64 }, () => '0123456789abcdef'[ctx.c.int(16)]).join('');
  const own = caller === 'agent' ? ctx.agentKey : ADMIN_TOKEN;
  const choices: Array<[string, string | null]> = [
    ['no Authorization header', null],
    ['an empty Authorization header', ''],
    ['Bearer with nothing', 'Bearer '],
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['an unknown key', `Bearer svc_ak_${hex}`],
    ['a key in capitals', `Bearer ${own.toUpperCase()}`],
    ['a key with a character more', `Bearer ${own}0`],
    ['a key with a character less', `Bearer ${own.slice(0, -1)}`],
    ['two keys', `Bearer ${own} ${own}`],
    ['the scheme without a space', `Bearer${own}`],
    ['the other kind of credential', `Bearer ${caller === 'agent' ? ADMIN_TOKEN : ctx.agentKey}`],
    ...(caller === 'agent' ? ([['a revoked key', `Bearer ${ctx.revokedKey}`]] as Array<[string, string]>) : []),
  ];
  const [label, header] = ctx.c.pick(choices);
  const overrides: Overrides = header === null ? { dropHeaders: ['authorization'] } : { headers: { authorization: header } };
  return { label, request: assemble(ctx.op, ctx.parts, overrides), statuses: [401] };
};

const wrongMethod: Mutator = (ctx) => {
  const taken = new Set(ctx.operationsOnPath);
  const others = METHODS.filter((m) => !taken.has(m));
  if (others.length === 0) return null;
  const method = ctx.c.pick(others);
  return { label: `method ${method}`, request: assemble(ctx.op, ctx.parts, { method }), statuses: [404] };
};

/** Whether a raw query or path token is one the server must accept for this parameter. */
export function tokenValid(schema: Schema, raw: string): boolean {
  if (badText(raw)) return false;
  const types = typesOf(schema);
  if (types.includes('integer')) {
    if (!/^-?[0-9]+$/.test(raw) || !Number.isSafeInteger(Number(raw))) return false;
    return compileCached(schema)(Number(raw));
  }
  if (types.includes('number')) return /^-?[0-9]+(\.[0-9]+)?$/.test(raw) && compileCached(schema)(Number(raw));
  if (types.includes('boolean')) return raw === 'true' || raw === 'false';
  return compileCached(schema)(raw);
}

const BAD_TOKENS = [
  '1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '1.0',
  '1.5',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '',
  '-0',
  '0',
  '-1',
  '9007199254740993',
  '9007199254740992',
  '99999999999999999999',
  'abc',
  'UPPER',
  'a b',
  'a/b',
  '\u0000',
  'a\u0000',
  '\ud800',
  '🦊',
  '%',
  'true',
  '[]',
  '{}',
  'x'.repeat(254),
  'a'.repeat(1000),
];

function boundTokens(schema: Schema): string[] {
  const out: string[] = [];
  if (typeof schema.maximum === 'number') out.push(String(schema.maximum + 1));
  if (typeof schema.minimum === 'number') out.push(String(schema.minimum - 1));
  if (typeof schema.maxLength === 'number') out.push('a'.repeat(schema.maxLength + 1));
  return out;
}

const badQueryValue: Mutator = (ctx) => {
  const names = Object.keys(ctx.op.querySchema.properties ?? {});
  if (names.length === 0) return null;
  const name = ctx.c.pick(names);
  const schema = ctx.op.querySchema.properties[name];
  const value = ctx.c.pick([...BAD_TOKENS, ...boundTokens(schema)]);
  if (tokenValid(schema, value)) return null;
  const query = [
    ...Object.entries(ctx.parts.query)
      .filter(([k]) => k !== name)
      .map(([k, v]) => [k, token(v)] as const),
    [name, value] as const,
  ];
  return { label: `query ${name}=${JSON.stringify(value)}`, request: assemble(ctx.op, ctx.parts, { query }), statuses: [400] };
};

const oddQuery: Mutator = (ctx) => {
  const names = Object.keys(ctx.op.querySchema.properties ?? {});
  const pairs = Object.entries(ctx.parts.query).map(([k, v]) => [k, token(v)] as const);
  const choices: Array<[string, ReadonlyArray<readonly [string, string]>]> = [
    ['an unknown query parameter', [...pairs, [ctx.c.pick(['x', 'limit', 'perpage', 'PAGE', 'page[]', 'a\u0000', '🦊', '_']), '1']]],
  ];
  if (names.length > 0) {
    const name = ctx.c.pick(names);
    const value = pairs.find(([k]) => k === name)?.[1] ?? '1';
    choices.push([`${name} given twice`, [...pairs.filter(([k]) => k !== name), [name, value], [name, value]]]);
    choices.push([`${name}[] as an array`, [...pairs, [`${name}[]`, value]]]);
  }
  const [label, query] = ctx.c.pick(choices);
  return { label, request: assemble(ctx.op, ctx.parts, { query }), statuses: [400] };
};

const badPathValue: Mutator = (ctx) => {
  const names = Object.keys(ctx.op.paramsSchema?.properties ?? {});
  if (names.length === 0) return null;
  const name = ctx.c.pick(names);
  const schema = ctx.op.paramsSchema!.properties[name];
  // Values past the router's parameter length (300) are tried too: the router must still answer 400, not 404.
  const value = ctx.c.pick([...BAD_TOKENS, ...boundTokens(schema)]);
  if (value === '' || tokenValid(schema, value)) return null; // an empty segment is another path
  const tokens = { ...Object.fromEntries(Object.entries(ctx.parts.params).map(([k, v]) => [k, token(v)])), [name]: value };
  return { label: `path ${name}=${JSON.stringify(value)}`, request: assemble(ctx.op, ctx.parts, { pathTokens: tokens }), statuses: [400] };
};

const hasBody = (op: FuzzOperation) => op.bodySchema !== null;
const hasQuery = (op: FuzzOperation) => Object.keys(op.querySchema.properties ?? {}).length > 0;
const hasPath = (op: FuzzOperation) => Object.keys(op.paramsSchema?.properties ?? {}).length > 0;

/** Every mutator with the operations it can apply to (so that the choice among them is even). */
export const MUTATORS: ReadonlyArray<{ mutator: Mutator; applies: (op: FuzzOperation) => boolean }> = [
  ...[
    wrongType,
    missingRequired,
    extraField,
    lengthPastBound,
    itemsPastBound,
    patternBreak,
    badCharacters,
    strangeNumber,
    badJson,
    wrongContentType,
    tooLarge,
  ].map((mutator) => ({ mutator, applies: hasBody })),
  { mutator: badCredentials, applies: (op) => op.spec.caller !== 'anyone' },
  { mutator: wrongMethod, applies: () => true },
  { mutator: badQueryValue, applies: hasQuery },
  { mutator: oddQuery, applies: () => true },
  { mutator: badPathValue, applies: hasPath },
];

/** One mutation: the mutator `choice` picks among those that apply, or the next one that yields a mutation. */
export function mutate(ctx: Context, choice: number): Mutation | null {
  const applicable = MUTATORS.filter((m) => m.applies(ctx.op));
  for (let i = 0; i < applicable.length; i++) {
    const result = applicable[(choice + i) % applicable.length]!.mutator(ctx);
    if (result) return result;
  }
  return null;
}
