// Valid requests for an operation: values generated from the document's schemas (json-schema-
// faker), aimed at existing resources most of the time (a slug or id from the database) and at
// random ones otherwise, then one of a few variants that must stay valid: strings at their length
// bounds, Unicode text (emoji, scripts, combining marks, astral characters), long free text as
// English terms, numbers at their bounds, no optional fields, and for public operations an
// Authorization header they ignore.
import { ADMIN_TOKEN, type World } from './world.js';
import type { FuzzOperation, Parts } from './operations.js';
import { compileCached, fieldsOf, getAt, setAt, typesOf, validValue, type Chooser, type Field, type Schema } from './schema.js';

export const UNICODE_SAMPLES = [
  '🦊 fox',
  'Ünïcödé text',
  '利用規約',
  'שירות',
  'e\u0301te\u0301',
  '👨‍👩‍👧 family',
  'max \u{10FFFF} plane',
  'tab\tand\nnewline',
  '\u00a0nbsp',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
];

/** Headers that let the caller of this operation in. */
export function authHeaders(op: FuzzOperation, key: string): Record<string, string> {
  if (op.spec.caller === 'agent') return { authorization: `Bearer ${key}` };
  if (op.spec.caller === 'admin') return { authorization: `Bearer ${ADMIN_TOKEN}` };
  return {};
}

/** The table a named value refers to: `provider_slug` -> providers.slug; `slug`/`id` -> the collection in the path. */
function reference(op: FuzzOperation, name: string, world: World): { table: string; column: string } | null {
  const prefixed = /^([a-z]+)_(slug|id)$/.exec(name);
  if (prefixed && world.hasTable(`${prefixed[1]}s`)) return { table: `${prefixed[1]}s`, column: prefixed[2]! };
  if (name !== 'slug' && name !== 'id') return null;
  const segments = op.template.split('/');
  const at = segments.indexOf(`{${name}}`);
  const collection = at > 0 ? segments[at - 1]! : segments.filter((s) => !s.startsWith('{')).pop()!;
  if (world.hasTable(collection)) return { table: collection, column: name };
  // A bare slug outside a collection's path: slugs name providers in this service.
  return name === 'slug' && world.hasTable('providers') ? { table: 'providers', column: 'slug' } : null;
}

async function aimed(op: FuzzOperation, world: World, c: Chooser, name: string, value: unknown, schema: Schema): Promise<unknown> {
  const ref = reference(op, name, world);
  if (!ref || !c.chance(0.75)) return value;
  const pool = await world.pool(ref.table, ref.column);
  if (pool.length === 0) return value;
  const picked = c.pick(pool);
  return typesOf(schema).includes('integer') ? Number(picked) : picked;
}

/** A valid request's parts, before any variant. */
export async function generatedParts(op: FuzzOperation, world: World, seed: number, c: Chooser, key: string): Promise<Parts> {
  const params: Record<string, unknown> = op.paramsSchema ? { ...(validValue(op.paramsSchema, seed) as object) } : {};
  for (const [name, schema] of Object.entries<Schema>(op.paramsSchema?.properties ?? {})) params[name] = await aimed(op, world, c, name, params[name], schema);
  const hasQuery = Object.keys(op.querySchema.properties ?? {}).length > 0;
  const query: Record<string, unknown> = hasQuery ? { ...(validValue(op.querySchema, seed + 1) as object) } : {};
  for (const [name, schema] of Object.entries<Schema>(op.querySchema.properties ?? {})) {
    if (query[name] !== undefined) query[name] = await aimed(op, world, c, name, query[name], schema);
  }
  // A cursor is valid only as the server gave it (pagination.next_cursor): a schema-valid string
  // of our own is rightly refused, so valid requests go without one (test/operations/deep-pages.test.ts follows real ones).
  delete query.cursor;
  let body: unknown = op.bodySchema ? validValue(op.bodySchema, seed + 2) : undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const field of fieldsOf(op.bodySchema!, body)) {
      if (field.path.length !== 1 || typeof field.name !== 'string') continue;
      const value = getAt(body, field.path);
      if (field.name === 'tos_url') body = setAt(body, field.path, `${world.termsUrl}/terms/${c.int(1e6)}`);
      else if (Array.isArray(value) && field.name.endsWith('s') && field.schema.items) {
        // A list of references (`slugs`, `ids`): each aimed like its singular; kept only if the list stays valid (unique items).
        const items = [];
        for (const item of value) items.push(await aimed(op, world, c, field.name.slice(0, -1), item, field.schema.items));
        const next = setAt(body, field.path, items);
        if (compileCached(op.bodySchema!)(next)) body = next;
      } else body = setAt(body, field.path, await aimed(op, world, c, field.name, value, field.schema));
    }
  }
  return { params, query, body, headers: authHeaders(op, key) };
}

type Variant = (op: FuzzOperation, parts: Parts, c: Chooser) => { label: string; parts: Parts } | null;

type Part = 'params' | 'query' | 'body';

/** Every scalar field of the request, with the part it is in. */
function scalarFields(op: FuzzOperation, parts: Parts): Array<{ part: Part; field: Field }> {
  const out: Array<{ part: Part; field: Field }> = [];
  const add = (part: Part, schema: Schema | null, value: unknown) => {
    if (!schema || value === undefined) return;
    for (const field of fieldsOf(schema, value)) if (field.path.length > 0 && typeof getAt(value, field.path) !== 'object') out.push({ part, field });
  };
  add('params', op.paramsSchema, parts.params);
  add('query', op.querySchema, parts.query);
  add('body', op.bodySchema, parts.body);
  return out;
}

function schemaOf(op: FuzzOperation, part: Part): Schema {
  return part === 'params' ? op.paramsSchema! : part === 'query' ? op.querySchema : op.bodySchema!;
}

/** Replaces one field; null unless the part stays valid. */
function replaced(op: FuzzOperation, parts: Parts, part: Part, path: ReadonlyArray<string | number>, value: unknown): Parts | null {
  const next = setAt(parts[part], path, value);
  if (!compileCached(schemaOf(op, part))(next)) return null;
  return { ...parts, [part]: next };
}

const codePoints = (s: string) => [...s];

const stringAtBound: Variant = (op, parts, c) => {
  const strings = scalarFields(op, parts).filter(
    ({ field }) => typesOf(field.schema).includes('string') && (field.schema.maxLength !== undefined || field.schema.minLength),
  );
  if (strings.length === 0) return null;
  const { part, field } = c.pick(strings);
  const current = String(getAt(parts[part], field.path));
  const atMax = field.schema.maxLength !== undefined && c.chance(0.6);
  const length = atMax ? field.schema.maxLength : (field.schema.minLength ?? 0);
  if (length > 300_000) return null; // the document's 2 MiB field is tried at its bound by the mutations
  for (const pad of ['a', 'é', '🦊', '0', '-']) {
    const chars = codePoints(current);
    const value = chars.length >= length ? chars.slice(0, length).join('') : current + pad.repeat(length - chars.length);
    const next = replaced(op, parts, part, field.path, value);
    if (next) return { label: `${part}.${field.path.join('.')} at ${atMax ? 'maxLength' : 'minLength'} ${length}`, parts: next };
  }
  return null;
};

const unicodeText: Variant = (op, parts, c) => {
  const strings = scalarFields(op, parts).filter(({ field }) => typesOf(field.schema).includes('string'));
  if (strings.length === 0) return null;
  const { part, field } = c.pick(strings);
  const sample = c.pick(UNICODE_SAMPLES);
  const next = replaced(op, parts, part, field.path, sample);
  return next ? { label: `${part}.${field.path.join('.')} as Unicode ${JSON.stringify(sample)}`, parts: next } : null;
};

const PROSE = [
  'By using the service you agree to these terms. We may change these terms at any time without notice to you.',
  'Any dispute will be resolved by binding arbitration in San Francisco, and you waive any right to join a class action against us.',
  'We may suspend or terminate your account at any time, for any reason, without notice. Our total liability is limited to one hundred dollars.',
  'You grant us a worldwide, royalty-free licence to use, copy and modify the content you post. Subscriptions renew automatically every month.',
];

/** A long free-text field as readable English terms (random characters rarely make a document the analyzer can read). */
const proseText: Variant = (op, parts, c) => {
  const texts = scalarFields(op, parts).filter(
    ({ field }) => typesOf(field.schema).includes('string') && !field.schema.enum && (field.schema.maxLength ?? Infinity) >= 400,
  );
  if (texts.length === 0) return null;
  const { part, field } = c.pick(texts);
  const text = Array.from({ length: 1 + c.int(4) }, () => c.pick(PROSE)).join('\n\n');
  const next = replaced(op, parts, part, field.path, text);
  return next ? { label: `${part}.${field.path.join('.')} as English terms`, parts: next } : null;
};

const numberAtBound: Variant = (op, parts, c) => {
  const numbers = scalarFields(op, parts).filter(({ field }) => typesOf(field.schema).some((t) => t === 'integer' || t === 'number'));
  if (numbers.length === 0) return null;
  const { part, field } = c.pick(numbers);
  const value = c.chance(0.5) ? field.schema.minimum : field.schema.maximum;
  if (typeof value !== 'number') return null;
  const next = replaced(op, parts, part, field.path, value);
  return next ? { label: `${part}.${field.path.join('.')} = ${value} (a bound)`, parts: next } : null;
};

const onlyRequired: Variant = (op, parts) => {
  const body = parts.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const schema = (op.bodySchema!.oneOf ?? [op.bodySchema]).find((s: Schema) => compileCached(s)(body));
  const required = new Set<string>(schema?.required ?? []);
  const next = Object.fromEntries(Object.entries(body).filter(([k]) => required.has(k)));
  return compileCached(op.bodySchema!)(next) ? { label: 'body with its required fields only', parts: { ...parts, body: next } } : null;
};

const ignoredAuthorization: Variant = (op, parts, c) =>
  op.spec.caller === 'anyone'
    ? {
        label: 'a public operation with a junk Authorization header',
        parts: { ...parts, headers: { ...parts.headers, authorization: c.pick(['Bearer junk', 'Basic Zm9vOmJhcg==', 'Bearer svc_ak_' + '0'.repeat(64)]) } },
      }
    : null;

export const VARIANTS: readonly Variant[] = [stringAtBound, unicodeText, proseText, numberAtBound, onlyRequired, ignoredAuthorization];

/** `parts` as generated (about a third of the time) or through one applicable variant. */
export function varied(op: FuzzOperation, parts: Parts, c: Chooser): { label: string; parts: Parts } {
  if (c.chance(0.3)) return { label: 'as generated', parts };
  const first = c.int(VARIANTS.length);
  for (let i = 0; i < VARIANTS.length; i++) {
    const result = VARIANTS[(first + i) % VARIANTS.length]!(op, parts, c);
    if (result) return result;
  }
  return { label: 'as generated', parts };
}
