// The one JSON Schema 2020-12 validator of the service, built from the document's components.
// Bodies are validated as sent (no coercion, nothing removed); only query and path strings,
// which are always strings on the wire, are converted to the declared types.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { componentSchemas } from './openapi.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The $id under which the document's component schemas are registered. */
export const COMPONENTS_ID = 'urn:tos-ratings:components';

// OpenAPI keywords that are not JSON Schema validation keywords.
const OPENAPI_VOCABULARY = ['discriminator', 'xml', 'externalDocs', 'example'];

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: false,
    coerceTypes: coerce,
    useDefaults: coerce,
    removeAdditional: false,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_VOCABULARY);
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
let coercingAjv: Ajv2020 | null = null;

/** Compiles a schema from the document for bodies and responses (no coercion). */
export function compileStrict(schema: object): ValidateFunction {
  strictAjv ??= createAjv(false);
  return strictAjv.compile(rewriteRefs(schema));
}

/** Compiles a schema from the document for query and path parameters (strings converted). */
export function compileCoercing(schema: object): ValidateFunction {
  coercingAjv ??= createAjv(true);
  return coercingAjv.compile(rewriteRefs(schema));
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
    case 'uniqueItems':
      return `${where} must not contain the same item twice`;
    case 'pattern':
      return error.params.pattern === '\\S' ? `${where} must not be blank` : `${where} has an invalid format`;
    default:
      return `${where} ${error.message}`;
  }
}
