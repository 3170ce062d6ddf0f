// Each tool's contract, derived from the OpenAPI document and from nothing else: the input schema
// is the operation's path and query parameters and body properties, the output schema its 200
// response, both self-contained (the components they use under `$defs`). Arguments are checked
// by the operation's own validators, part by part in the order Fastify checks a request (path,
// body, query), so a bad argument gets the very message the HTTP API gives for it.
import type { ValidateFunction } from 'ajv';
import { compileRequestBody, compileStrict, describeValidationError, rewriteRefs, type RequestValidator } from '../core/contract/validation.js';
import { componentSchemas, operationObject, operationSpecs, resolveLocal, type OperationSpec } from '../core/contract/document.js';
import type { ToolDefinition } from './tool-table.js';

type Part = 'path' | 'query' | 'body';
type JsonSchema = Record<string, unknown>;

export interface OperationInput {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: Record<string, unknown> | undefined;
}

export type ArgumentCheck = { ok: true; input: OperationInput } | { ok: false; message: string };

export interface ToolContract {
  readonly spec: OperationSpec;
  readonly inputSchema: JsonSchema & { type: 'object' };
  readonly outputSchema: JsonSchema & { type: 'object' };
  /** The operation's input from the tool's arguments, or the message the HTTP API gives for them. */
  check(args: Record<string, unknown>): ArgumentCheck;
  /** The 200 response schema's validator (results are checked before they leave, as on HTTP). */
  readonly validateOutput: ValidateFunction;
}

const COMPONENT_REF = '#/components/schemas/';

export function toolContract(tool: ToolDefinition): ToolContract {
  const spec = operationSpecs().find((s) => s.operationId === tool.operationId);
  if (!spec) throw new Error(`no operation ${tool.operationId} for tool ${tool.name}`);
  const argumentOf = (name: string) => Object.entries(tool.renames ?? {}).find(([, to]) => to === name)?.[0] ?? name;
  const targets = new Map<string, { part: Part; name: string }>();
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const add = (part: Part, name: string, schema: unknown, isRequired: boolean) => {
    const arg = argumentOf(name);
    targets.set(arg, { part, name });
    properties[arg] = schema;
    if (isRequired) required.push(arg);
  };
  const parameters = (operationObject(tool.operationId).parameters ?? []).map(resolveLocal);
  for (const part of ['path', 'query'] as const) {
    for (const p of parameters.filter((p: any) => p.in === part)) {
      add(part, p.name, p.description ? { ...p.schema, description: p.description } : p.schema, p.required === true);
    }
  }
  if (spec.bodySchema) {
    const body = resolveLocal(spec.bodySchema);
    if (body.type !== 'object' || !body.properties) throw new Error(`the body of ${spec.operationId} is no plain object: no tool can take it`);
    for (const [name, schema] of Object.entries(body.properties)) add('body', name, schema, (body.required ?? []).includes(name));
  }
  const inputSchema = selfContained({ type: 'object', properties, required, additionalProperties: false });
  const output = resolveLocal(spec.responseSchemas['200']);
  if (output.type !== 'object') throw new Error(`the 200 response of ${spec.operationId} is no object`);
  const outputSchema = selfContained(output);

  // Arguments are JSON, so every part is checked as a body is: the schema, then well-formed text (no NUL, no lone surrogate).
  const validators: [Part, RequestValidator | null][] = [
    ['path', spec.paramsSchema && compileRequestBody(spec.paramsSchema)],
    ['body', spec.bodySchema && compileRequestBody(spec.bodySchema)],
    ['query', spec.querySchema && compileRequestBody(spec.querySchema)],
  ];
  return {
    spec,
    inputSchema: inputSchema as ToolContract['inputSchema'],
    outputSchema: outputSchema as ToolContract['outputSchema'],
    validateOutput: compileStrict(spec.responseSchemas['200']),
    check(args) {
      const parts: Record<Part, Record<string, unknown>> = { path: {}, query: {}, body: {} };
      for (const [arg, value] of Object.entries(args)) {
        const target = targets.get(arg);
        // An unknown argument goes where the HTTP API would refuse it, in the body; with no body, it is refused here.
        if (target) parts[target.part][target.name] = value;
        else if (spec.bodySchema) parts.body[arg] = value;
        else return { ok: false, message: `arguments.${arg} is not allowed` };
      }
      for (const [part, validate] of validators) {
        if (validate && !validate(parts[part])) return { ok: false, message: describeValidationError(part, validate.errors?.[0]) };
      }
      return { ok: true, input: { params: parts.path, query: parts.query, body: spec.bodySchema ? parts.body : undefined } };
    },
  };
}

/** The schema with every component it uses (transitively) under `$defs`, its `$ref`s pointing there. */
function selfContained(schema: JsonSchema): JsonSchema {
  const components = componentSchemas() as Record<string, unknown>;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
        const name = value.slice(COMPONENT_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(components[name]);
        }
      } else visit(value);
    }
  };
  visit(schema);
  const defs = Object.fromEntries([...used].sort().map((name) => [name, components[name]]));
  return rewriteRefs({ ...schema, ...(used.size > 0 && { $defs: defs }) }, '#/$defs/');
}
