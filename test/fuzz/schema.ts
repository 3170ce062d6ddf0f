// Schemas of the served OpenAPI document, as the fuzz suite reads them: `$ref`s inlined, the
// fields of a body listed with their paths, and valid values made by json-schema-faker from a
// seed (so that a fast-check case is a pure function of its numbers and can be replayed).
import { generateSync } from 'json-schema-faker';
import type { ValidateFunction } from 'ajv';
import { compileStrict } from '../../src/core/contract/validation.js';

export type Schema = Record<string, any>;

/** Copies `schema` with every local `$ref` (`#/components/...`) replaced by what it points at. */
export function inlineRefs(document: Schema, schema: unknown): any {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(document, item));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    const { $ref: _ignored, ...rest } = node;
    return inlineRefs(document, { ...target, ...rest });
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(document, value)]));
}

/** Types a schema admits (`type` as a list; an `enum`/`const` gives the types of its values). */
export function typesOf(schema: Schema): string[] {
  if (schema.type) return [schema.type].flat();
  const values = schema.const !== undefined ? [schema.const] : (schema.enum ?? []);
  return [...new Set(values.map((v: unknown) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))] as string[];
}

export interface Field {
  /** Property names from the body's root, e.g. ['protections', 0, 'steps', 0]. */
  readonly path: ReadonlyArray<string | number>;
  readonly schema: Schema;
  /** The schema of the object that holds it (for extra and missing properties). */
  readonly parent: Schema | null;
  readonly name: string | number | null;
}

/** Every value in `value` with the schema that governs it (the branch of a oneOf that `value` satisfies). */
export function fieldsOf(schema: Schema, value: unknown, path: Array<string | number> = [], parent: Schema | null = null): Field[] {
  const name = path.length ? path[path.length - 1] : null;
  const here: Field = { path, schema, parent, name };
  const branch = (schema.oneOf ?? schema.anyOf)?.find((s: Schema) => compileCached(s)(value));
  if (branch) return [here, ...fieldsOf(branch, value, path, parent).slice(1)];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return [
      here,
      ...Object.entries(value).flatMap(([key, child]) => (schema.properties?.[key] ? fieldsOf(schema.properties[key], child, [...path, key], schema) : [])),
    ];
  }
  if (Array.isArray(value) && schema.items) return [here, ...value.flatMap((child, i) => fieldsOf(schema.items, child, [...path, i], schema))];
  return [here];
}

/** The object schema in force at a value (an object's own, or the oneOf branch it satisfies). */
export function objectSchemaAt(schema: Schema, value: unknown): Schema {
  return (schema.oneOf ?? schema.anyOf)?.find((s: Schema) => compileCached(s)(value)) ?? schema;
}

const compiled = new WeakMap<object, ValidateFunction>();

/** The project's strict Ajv, compiled once per (inlined) schema: used to sort generated values, not to judge the server. */
export function compileCached(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = compileStrict(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

// Sizes for generation: the bounds themselves are tried by the mutations, not by every value.
const GENERATION_MAX_LENGTH = 200;
const GENERATION_MAX_ITEMS = 4;

function capped(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(capped);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, capped(v)]));
  if (typeof out.maxLength === 'number' && out.maxLength > GENERATION_MAX_LENGTH && out.format === undefined) {
    out.maxLength = Math.max(out.minLength ?? 0, GENERATION_MAX_LENGTH);
  }
  if (typeof out.maxItems === 'number' && out.maxItems > GENERATION_MAX_ITEMS) out.maxItems = Math.max(out.minItems ?? 0, GENERATION_MAX_ITEMS);
  if (out.type === 'array' && out.maxItems === undefined) out.maxItems = GENERATION_MAX_ITEMS;
  return out;
}

const cappedCache = new WeakMap<object, Schema>();

/**
 * A value valid against `schema`, determined by `seed`. json-schema-faker cannot always satisfy
 * a schema at the first try (minProperties with only optional fields, for one), so later seeds
 * derived from the first are tried; the result is checked with the project's Ajv.
 */
export function validValue(schema: Schema, seed: number): unknown {
  let generation = cappedCache.get(schema);
  if (!generation) cappedCache.set(schema, (generation = capped(schema)));
  const validate = compileCached(schema);
  for (let attempt = 0; attempt < 25; attempt++) {
    try {
      const value = generateSync(generation!, { seed: (seed + attempt * 7919) % 2147483647 || 1, optionalsProbability: 0.6 });
      if (validate(value)) return value;
    } catch {
      // an unsatisfiable draw: try the next seed
    }
  }
  throw new Error(`json-schema-faker found no valid value for ${JSON.stringify(schema).slice(0, 200)}`);
}

/** A deterministic random source from a seed (mulberry32), for the choices a case makes. */
export function chooser(seed: number) {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Chooser = ReturnType<typeof chooser>;

/** Reads the value at `path` in `root`. */
export function getAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce((at: any, key) => at?.[key], root);
}

/** A deep copy of `root` with the value at `path` replaced (or removed with `remove`). */
export function setAt(root: unknown, path: ReadonlyArray<string | number>, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (remove) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete copy[head!];
    } else copy[head!] = value;
    return copy;
  }
  copy[head!] = setAt(copy[head!], rest, value, remove);
  return copy;
}
