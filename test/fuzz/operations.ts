// The operations of the served document as the fuzz suite drives them: schemas inlined, and a
// request assembled from typed parts (path parameters, query, body, headers) into exact bytes.
import { operationSpecs, type OperationSpec } from '../../src/core/operation-table.js';
import { encodeQuery, type FuzzRequest } from './http.js';
import { inlineRefs, type Schema } from './schema.js';

/** Fastify's default body limit in this service (src/app.ts BODY_LIMIT); `x-body-limit` overrides it per operation. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export interface FuzzOperation {
  readonly spec: OperationSpec;
  /** The path as in the document, e.g. /api/agents/providers/{slug}. */
  readonly template: string;
  readonly paramsSchema: Schema | null;
  /** Always an object schema (no properties when the operation declares no query parameter). */
  readonly querySchema: Schema;
  readonly bodySchema: Schema | null;
  readonly bodyLimit: number;
}

export interface Parts {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  /** undefined for operations that take no body. */
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** Every operation of the served document, in document order. */
export function fuzzOperations(document: any): FuzzOperation[] {
  return operationSpecs(document).map((spec) => ({
    spec,
    template: spec.url.replace(/:(\w+)/g, '{$1}'),
    paramsSchema: spec.paramsSchema ? inlineRefs(document, spec.paramsSchema) : null,
    querySchema: inlineRefs(document, spec.querySchema),
    bodySchema: spec.bodySchema ? inlineRefs(document, spec.bodySchema) : null,
    bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT,
  }));
}

/** A parameter value as it is written in a URL. */
export function token(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface Overrides {
  method?: string;
  /** Raw path tokens (not yet encoded) in place of the typed parameters. */
  pathTokens?: Record<string, string>;
  /** Raw query pairs in place of the typed query. */
  query?: ReadonlyArray<readonly [string, string]>;
  /** The body as sent, in place of JSON.stringify(parts.body). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Headers left out (e.g. content-type). */
  dropHeaders?: readonly string[];
}

/** The request for `parts`, with JSON bodies labelled as such unless the headers say otherwise. */
export function assemble(op: FuzzOperation, parts: Parts, overrides: Overrides = {}): FuzzRequest {
  const tokens = overrides.pathTokens ?? Object.fromEntries(Object.entries(parts.params).map(([k, v]) => [k, token(v)]));
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeQuery(tokens[name] ?? ''));
  const query = overrides.query ?? Object.entries(parts.query).map(([k, v]) => [k, token(v)] as const);
  const body = overrides.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  const headers: Record<string, string> = { ...parts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const finalHeaders: Record<string, string> = { ...headers, ...overrides.headers };
  for (const name of overrides.dropHeaders ?? []) delete finalHeaders[name];
  return { method: overrides.method ?? op.spec.method, path, query, headers: finalHeaders, body };
}
