// The one JSON Schema 2020-12 validator of the service, built from the document's components.
// Bodies are validated as sent (no coercion, nothing removed); only query and path strings,
// which are always strings on the wire, are converted to the declared types (strictly, by
// parameter-conversion.ts, not by Ajv's coercion). No request may carry NUL characters or
// unpaired surrogates in any string (request-text.ts).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { componentSchemas } from './document.js';
import { parameterConverter } from './parameter-conversion.js';
import { illFormedText } from './request-text.js';
import { hasVisibleCharacter } from './visible-text.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The $id under which the document's component schemas are registered. */
export const COMPONENTS_ID = 'urn:tos-ratings:components';

// OpenAPI keywords that are not JSON Schema validation keywords.
const OPENAPI_VOCABULARY = ['discriminator', 'xml', 'externalDocs', 'example'];

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: false,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_VOCABULARY);
  ajv.addKeyword({
    keyword: 'x-visible',
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    validate: (on: boolean, text: string) => !on || hasVisibleCharacter(text),
  });
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(componentSchemas(), '#/$defs/') });
  return ajv;
}

/** `#/components/schemas/X` becomes `<prefix>X`, recursively. */
export function rewriteRefs<T>(node: T, prefix = `${COMPONENTS_ID}#/$defs/`): T {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, prefix)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', prefix) : rewriteRefs(value, prefix),
      ]),
    ) as T;
  }
  return node;
}

let strictAjv: Ajv2020 | null = null;

/** Compiles a schema from the document for responses (no coercion, nothing removed). */
export function compileStrict(schema: object): ValidateFunction {
  strictAjv ??= createAjv();
  return strictAjv.compile(rewriteRefs(schema));
}

/** A request validator: Fastify's calling convention (false with `.errors`, or `{ value }`). */
export interface RequestValidator {
  (data: unknown): boolean | { value: unknown };
  errors?: ErrorObject[] | null;
}

/**
 * Compiles a request body schema: the schema, as sent, then well-formed text (request-text.ts).
 * In this order the text walk only ever sees what the schema admits, never an arbitrary nesting.
 */
export function compileRequestBody(schema: object): RequestValidator {
  const validate = compileStrict(schema);
  const validator: RequestValidator = (data) => {
    if (!validate(data)) return fail(validator, validate.errors?.[0]);
    const textError = illFormedText(data);
    return textError ? fail(validator, textError) : true;
  };
  return validator;
}

/**
 * Compiles an object schema of query or path parameters: well-formed text, then strict
 * conversion of the strings to the declared types (defaults filled in), then the schema.
 */
export function compileParameters(schema: object): RequestValidator {
  const validate = compileStrict(schema);
  const convert = parameterConverter(schema as Record<string, any>, resolveComponent);
  const validator: RequestValidator = (data) => {
    const textError = illFormedText(data);
    if (textError) return fail(validator, textError);
    const { value, error } = convert(data as Record<string, unknown> | null);
    if (error) return fail(validator, error);
    if (validate(value)) return { value };
    return fail(validator, validate.errors?.[0]);
  };
  return validator;
}

function fail(validator: RequestValidator, error: ErrorObject | undefined): false {
  validator.errors = error ? [error] : null;
  return false;
}

/** Follows `#/components/schemas/X` references to the schema itself. */
function resolveComponent(schema: Record<string, any>): Record<string, any> {
  while (typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/')) {
    schema = componentSchemas()[schema.$ref.slice('#/components/schemas/'.length)] as Record<string, any>;
  }
  return schema;
}

/** One readable sentence for the first validation error, e.g. `body.rating must be <= 10`. */
export function describeValidationError(part: string, error: ErrorObject | undefined): string {
  if (!error) return `invalid ${part}`;
  const where = [part, ...error.instancePath.split('/').filter(Boolean)].join('.');
  switch (error.keyword) {
    case 'required':
      return `${where}.${error.params.missingProperty} is required`;
    case 'additionalProperties':
      return `${where}.${error.params.additionalProperty} is not allowed`;
    case 'const':
      return `${where} must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'enum':
      return `${where} must be one of: ${(error.params.allowedValues as unknown[]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
    case 'uniqueItems':
      return `${where} must not contain the same item twice`;
    case 'x-visible':
      return `${where} must contain a visible character`;
    case 'pattern':
      return error.params.pattern === '\\S' ? `${where} must not be blank` : `${where} has an invalid format`;
    default:
      return `${where} ${error.message}`;
  }
}
