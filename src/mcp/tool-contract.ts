// Each tool's contract, derived from the OpenAPI document and from nothing else: a tool is an
// operation with `x-mcp-tool`; its input schema is the operation's path and query parameters
// and body properties, its output schema the 200 response, both self-contained (the components
// they use under `$defs`). Arguments are placed into the operation's parts here; the core checks
// them (invoke), with the very messages the HTTP API gives.
import { componentSchemas, operationObject, resolveLocal } from '../core/contract/document.js';
import { rewriteRefs } from '../core/contract/validation.js';
import { invalidInput, type DomainError } from '../core/errors.js';
import type { CallInput } from '../core/input.js';
import { operationSpecs, type McpTool, type OperationSpec } from '../core/operation-table.js';

type Part = 'params' | 'query' | 'body';
type JsonSchema = Record<string, unknown>;

export type Placement = { ok: true; input: CallInput } | { ok: false; error: DomainError };

export interface ToolContract {
  readonly tool: McpTool;
  readonly spec: OperationSpec;
  readonly inputSchema: JsonSchema & { type: 'object' };
  readonly outputSchema: JsonSchema & { type: 'object' };
  /** The operation's input from the tool's arguments, or why an argument has no place in it. */
  place(args: Record<string, unknown>): Placement;
  /** An input message in the tool's words: `body.rating must be <= 10` -> `rating must be <= 10`. */
  inArgumentTerms(message: string): string;
}

const COMPONENT_REF = '#/components/schemas/';

let contracts: Map<string, ToolContract> | null = null;

/** Every tool by name, derived from the document once. */
export function toolContracts(): Map<string, ToolContract> {
  contracts ??= new Map(
    operationSpecs()
      .filter((spec) => spec.mcpTool)
      .map((spec) => [spec.mcpTool!.name, toolContract(spec)]),
  );
  return contracts;
}

function toolContract(spec: OperationSpec): ToolContract {
  const tool = spec.mcpTool!;
  const argumentOf = (name: string) => Object.entries(tool.renames).find(([, to]) => to === name)?.[0] ?? name;
  const targets = new Map<string, { part: Part; name: string }>();
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const add = (part: Part, name: string, schema: unknown, isRequired: boolean) => {
    const arg = argumentOf(name);
    targets.set(arg, { part, name });
    properties[arg] = schema;
    if (isRequired) required.push(arg);
  };
  const parameters = (operationObject(spec.operationId).parameters ?? []).map(resolveLocal);
  for (const [part, where] of [
    ['params', 'path'],
    ['query', 'query'],
  ] as const) {
    for (const p of parameters.filter((p: any) => p.in === where)) {
      add(part, p.name, p.description ? { ...p.schema, description: p.description } : p.schema, p.required === true);
    }
  }
  if (spec.bodySchema) {
    const body = resolveLocal(spec.bodySchema);
    if (body.type !== 'object' || !body.properties) throw new Error(`the body of ${spec.operationId} is no plain object: no tool can take it`);
    for (const [name, schema] of Object.entries(body.properties)) add('body', name, schema, (body.required ?? []).includes(name));
  }
  const output = resolveLocal(spec.responseSchemas['200']);
  if (output.type !== 'object') throw new Error(`the 200 response of ${spec.operationId} is no object`);
  return {
    tool,
    spec,
    inputSchema: forModels(selfContained({ type: 'object', properties, required, additionalProperties: false })) as ToolContract['inputSchema'],
    outputSchema: forModels(selfContained(output)) as ToolContract['outputSchema'],
    place(args) {
      const parts: Record<Part, Record<string, unknown>> = { params: {}, query: {}, body: {} };
      for (const [arg, value] of Object.entries(args)) {
        const target = targets.get(arg);
        // An unknown argument goes where the HTTP API would refuse it, in the body; with no body, it is refused here.
        if (target) parts[target.part][target.name] = value;
        else if (spec.bodySchema) parts.body[arg] = value;
        else return { ok: false, error: invalidInput(`${arg} is not allowed`) };
      }
      return { ok: true, input: { params: parts.params, query: parts.query, body: spec.bodySchema ? parts.body : undefined } };
    },
    // The HTTP API names the request part ("body.", "query.", "path."); a tool has only arguments.
    inArgumentTerms: (message) => message.replace(/^(?:params|path|query|body)\.([^\s.]+)/, (_, name: string) => argumentOf(name)),
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

/**
 * The schema with its descriptions in a tool's terms: the contract's notes for readers of the
 * original spec ("Added parameter:", "Added field (the spec does not show it):") and HTTP
 * statuses ("gives 400") mean nothing to a model calling a tool.
 */
export function forModels<T>(node: T): T {
  if (Array.isArray(node)) return node.map(forModels) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === 'description' && typeof value === 'string' ? toolWords(value) : forModels(value)]),
  ) as T;
}

export function toolWords(text: string): string {
  const plain = text
    .replace(/^Added (?:parameter|field|operation)(?: \([^)]*\))?[:.,]\s*/, '')
    .replace(/\b(?:gives|gets|is refused with) (?:\*\*)?400(?:\*\*)?/g, 'is refused');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}
