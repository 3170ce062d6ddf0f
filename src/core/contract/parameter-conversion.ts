// Query and path parameters arrive as strings; this converts them to the types the document
// declares, strictly, before the (non-coercing) Ajv validator judges them. Ajv's own coercion is
// not used for them: it turns "1e400" and "Infinity" into Infinity, which then skips every
// minimum/maximum check (those are guarded by isFinite), and it takes "0x10", " 1" and "1.0" as
// integers. Here an integer is written in decimal digits with an optional minus sign and must be
// a safe integer (within +-(2^53-1)); a parameter given twice is refused rather than guessed at.
import type { ErrorObject } from 'ajv';

const INTEGER = /^-?[0-9]+$/;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

type Schema = Record<string, any>;

export interface ConversionResult {
  readonly value: Record<string, unknown>;
  readonly error: ErrorObject | null;
}

/**
 * Builds the converter of one operation's query or path object schema (`properties` as in the
 * document, with `$ref`s resolved by `resolve`). Absent parameters take their `default`.
 */
export function parameterConverter(objectSchema: Schema, resolve: (schema: Schema) => Schema) {
  // The declared types of each field, worked out once: this runs on every request.
  const fields = Object.entries<Schema>(objectSchema.properties ?? {}).map(([name, schema]) => {
    const resolved = resolve(schema);
    return { name, schema: resolved, types: declaredTypes(resolved) };
  });
  return function convert(raw: Record<string, unknown> | null): ConversionResult {
    const value: Record<string, unknown> = { ...raw };
    for (const { name, schema, types } of fields) {
      const given = value[name];
      if (given === undefined) {
        if (schema.default !== undefined) value[name] = schema.default;
        continue;
      }
      const converted = convertOne(given, schema, types);
      if ('error' in converted) return { value, error: problem(name, converted.error) };
      value[name] = converted.value;
    }
    return { value, error: null };
  };
}

function convertOne(given: unknown, schema: Schema, types = declaredTypes(schema)): { value: unknown } | { error: string } {
  if (types.has('array')) {
    const items = (Array.isArray(given) ? given : [given]).map((item) => convertOne(item, schema.items ?? {}));
    const failed = items.find((item) => 'error' in item);
    return failed ?? { value: items.map((item) => (item as { value: unknown }).value) };
  }
  if (Array.isArray(given)) return { error: 'must be given only once' };
  if (typeof given !== 'string') return { value: given };
  if (types.has('integer')) {
    const n = INTEGER.test(given) ? Number(given) : NaN;
    if (Number.isSafeInteger(n)) return { value: n };
    if (!types.has('string')) return { error: `must be an integer from ${bound(schema.minimum, -1)} to ${bound(schema.maximum, 1)}` };
  }
  if (types.has('number')) {
    const n = NUMBER.test(given) ? Number(given) : NaN;
    if (Number.isFinite(n)) return { value: n };
    if (!types.has('string')) return { error: 'must be a decimal number' };
  }
  if (types.has('boolean')) {
    if (given === 'true' || given === 'false') return { value: given === 'true' };
    if (!types.has('string')) return { error: 'must be true or false' };
  }
  return { value: given };
}

function declaredTypes(schema: Schema): Set<string> {
  const type = schema.type ?? (schema.enum ? [...new Set(schema.enum.map((v: unknown) => typeof v))] : 'string');
  return new Set(Array.isArray(type) ? type : [type]);
}

function bound(limit: unknown, sign: 1 | -1): string {
  return typeof limit === 'number' ? String(limit) : String(sign * Number.MAX_SAFE_INTEGER);
}

function problem(name: string, message: string): ErrorObject {
  return { instancePath: `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, schemaPath: '#/conversion', keyword: 'conversion', params: {}, message };
}
