// The OpenAPI document, loaded once, and the operations the server builds its routes from.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { operations } from '../../../generated/openapi.js';

export type OperationId = keyof operations;
export type Budget = 'data' | 'opinion';
/** Who may call an operation: anyone, an agent with its key, or an operator with ADMIN_TOKEN. */
export type Caller = 'anyone' | 'agent' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface OperationSpec {
  readonly operationId: OperationId;
  readonly method: HttpMethod;
  /** Fastify-style path: `{slug}` becomes `:slug`. */
  readonly url: string;
  readonly caller: Caller;
  readonly budget: Budget | null;
  /** Body size limit in bytes when the operation sets `x-body-limit`. */
  readonly bodyLimit: number | null;
  /** Always present: an operation without query parameters refuses any. */
  readonly querySchema: object;
  readonly paramsSchema: object | null;
  readonly bodySchema: object | null;
  /** Response body schema per status code. */
  readonly responseSchemas: Readonly<Record<string, object>>;
}

export const DOCUMENT_PATH = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

let cached: any = null;

/** The parsed document, read once; treat it as read-only. */
export function openapiDocument(): any {
  cached ??= parse(fs.readFileSync(DOCUMENT_PATH, 'utf8'));
  return cached;
}

export function componentSchemas(): Record<string, object> {
  return openapiDocument().components.schemas;
}

/** The operations of the document (by default the one this server serves; the fuzz suite passes the served copy). */
export function operationSpecs(doc: any = openapiDocument()): OperationSpec[] {
  const specs: OperationSpec[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = (op.parameters ?? []).map((p: any) => resolve(doc, p));
      const schemes = (op.security ?? doc.security ?? []).flatMap((requirement: object) => Object.keys(requirement));
      specs.push({
        operationId: op.operationId,
        method: method.toUpperCase() as HttpMethod,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        caller: schemes.includes('adminAuth') ? 'admin' : schemes.includes('bearerAuth') ? 'agent' : 'anyone',
        budget: op['x-budget'] ?? null,
        bodyLimit: op['x-body-limit'] ?? null,
        // Every operation judges its query string: unknown parameters are refused, as unknown body fields are.
        querySchema: objectSchema(parameters.filter((p: any) => p.in === 'query')) ?? { type: 'object', properties: {}, additionalProperties: false },
        paramsSchema: objectSchema(parameters.filter((p: any) => p.in === 'path')),
        bodySchema: op.requestBody ? resolve(doc, op.requestBody).content['application/json'].schema : null,
        responseSchemas: Object.fromEntries(
          Object.entries<any>(op.responses).map(([status, response]) => [
            status,
            resolve(doc, response).content?.['application/json']?.schema ?? {},
          ]),
        ),
      });
    }
  }
  return specs;
}

function objectSchema(parameters: any[]): object | null {
  if (parameters.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** The document's operation object (summary, parameters, body, responses) with this operationId. */
export function operationObject(operationId: OperationId): any {
  for (const item of Object.values<any>(openapiDocument().paths)) {
    for (const method of METHODS) if (item[method]?.operationId === operationId) return item[method];
  }
  throw new Error(`no operation ${operationId} in the document`);
}

/** A node of the document with its local `$ref`s followed (a parameter, a body, a component schema). */
export function resolveLocal(node: any): any {
  return resolve(openapiDocument(), node);
}

/** Follows a local `$ref` to a component (parameters, responses, request bodies). */
function resolve(doc: any, node: any): any {
  while (node && typeof node.$ref === 'string') {
    node = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return node;
}
