// Checks a response from outside against the document: its status must be documented for the
// operation and its body must match that status's schema. Used on every response of the suite.
import { compileStrict } from '../../src/core/contract/validation.js';
import { operationSpecs, type OperationSpec } from '../../src/core/operation-table.js';
import type { ValidateFunction } from 'ajv';

interface Route {
  spec: OperationSpec;
  pattern: RegExp;
  validators: Map<string, ValidateFunction>;
}

let routes: Route[] | null = null;

function allRoutes(): Route[] {
  routes ??= operationSpecs().map((spec) => ({
    spec,
    pattern: new RegExp(`^${spec.url.replace(/:(\w+)/g, '[^/]+')}$`),
    validators: new Map(Object.entries(spec.responseSchemas).map(([status, schema]) => [status, compileStrict(schema)])),
  }));
  return routes;
}

/** null when the response conforms, else what is wrong. */
export function contractViolation(method: string, url: string, status: number, body: unknown): string | null {
  const pathOnly = url.split('?')[0];
  const route = allRoutes().find((r) => r.spec.method === method.toUpperCase() && r.pattern.test(pathOnly));
  if (!route) return status === 404 || status === 405 ? errorShape(body) : `no operation for ${method} ${pathOnly}`;
  const validate = route.validators.get(String(status));
  if (!validate) return `status ${status} is not documented for ${route.spec.operationId}`;
  if (!validate(body)) return `${route.spec.operationId} ${status}: ${JSON.stringify(validate.errors)}`;
  return null;
}

function errorShape(body: unknown): string | null {
  const ok = typeof body === 'object' && body !== null && typeof (body as any).error === 'string' && Object.keys(body).length === 1;
  return ok ? null : `not an {error} body: ${JSON.stringify(body)}`;
}
