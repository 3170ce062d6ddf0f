// The OpenAPI document, loaded once: the contract every door serves. The operation table
// (operation-table.ts) is read from it; so are the validators (validation.ts).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { operations } from '../../../generated/openapi.js';

export type OperationId = keyof operations;

export const DOCUMENT_PATH = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let cached: any = null;

/** The parsed document, read once; treat it as read-only. */
export function openapiDocument(): any {
  cached ??= parse(fs.readFileSync(DOCUMENT_PATH, 'utf8'));
  return cached;
}

export function componentSchemas(): Record<string, object> {
  return openapiDocument().components.schemas;
}

/** The document's operation object (summary, parameters, body, responses) with this operationId. */
export function operationObject(operationId: OperationId): any {
  for (const item of Object.values<any>(openapiDocument().paths)) {
    for (const method of HTTP_METHODS) if (item[method]?.operationId === operationId) return item[method];
  }
  throw new Error(`no operation ${operationId} in the document`);
}

/** A node of the document with its local `$ref`s followed (a parameter, a body, a component schema). */
export function resolveLocal(node: any): any {
  return resolveIn(openapiDocument(), node);
}

/** Follows a local `$ref` of `doc` to a component (parameters, responses, request bodies). */
export function resolveIn(doc: any, node: any): any {
  while (node && typeof node.$ref === 'string') {
    node = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return node;
}
