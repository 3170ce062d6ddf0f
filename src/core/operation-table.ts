// The operation table: what each operation of the OpenAPI document is, read from the document
// once. Who may call it (its `security`), its budget (`x-budget`), body limit (`x-body-limit`),
// whether its answers are cached (`x-cache`), whether it takes a place in the analyzer
// (`x-analysis`), its MCP tool (`x-mcp-tool`), and its schemas. Every door serves this table:
// adding an operation is one entry of the document and one handler.
import { HTTP_METHODS, openapiDocument, resolveIn, type OperationId } from './contract/document.js';

export type { OperationId };
export type Budget = 'data' | 'opinion';
/** Who may call an operation: anyone, an agent with its key, or an operator with ADMIN_TOKEN. */
export type Caller = 'anyone' | 'agent' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `x-mcp-tool`: the operation as a tool of the MCP server. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  /** For models: what the tool gives (the cost in keys and budget is added by the MCP door). */
  readonly description: string;
  /** Changes nothing (MCP's readOnlyHint). */
  readonly readOnly: boolean;
  /** Tool argument -> the operation's parameter, where the tool's name is clearer. */
  readonly renames: Readonly<Record<string, string>>;
}

export interface OperationSpec {
  readonly operationId: OperationId;
  readonly method: HttpMethod;
  /** Fastify-style path: `{slug}` becomes `:slug`. */
  readonly url: string;
  readonly caller: Caller;
  readonly budget: Budget | null;
  /** Body size limit in bytes when the operation sets `x-body-limit`. */
  readonly bodyLimit: number | null;
  /** Answers kept in memory, tagged with the content version they were read under (`x-cache`). */
  readonly cache: boolean;
  /** Holds a place in the bounded analyzer before its key is metered (`x-analysis`). */
  readonly analysis: boolean;
  readonly mcpTool: McpTool | null;
  /** Always present: an operation without query parameters refuses any. */
  readonly querySchema: object;
  readonly paramsSchema: object | null;
  readonly bodySchema: object | null;
  /** Response body schema per status code. */
  readonly responseSchemas: Readonly<Record<string, object>>;
}

/** The operations of the document (by default the one this server serves; the fuzz suite passes the served copy). */
export function operationSpecs(doc: any = openapiDocument()): OperationSpec[] {
  const specs: OperationSpec[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op) specs.push(specOf(doc, path, method, op));
    }
  }
  return specs;
}

function specOf(doc: any, path: string, method: (typeof HTTP_METHODS)[number], op: any): OperationSpec {
  const parameters = (op.parameters ?? []).map((p: any) => resolveIn(doc, p));
  const schemes = (op.security ?? doc.security ?? []).flatMap((requirement: object) => Object.keys(requirement));
  return {
    operationId: op.operationId,
    method: method.toUpperCase() as HttpMethod,
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    caller: schemes.includes('adminAuth') ? 'admin' : schemes.includes('bearerAuth') ? 'agent' : 'anyone',
    budget: op['x-budget'] ?? null,
    bodyLimit: op['x-body-limit'] ?? null,
    cache: op['x-cache'] === true,
    analysis: op['x-analysis'] === true,
    mcpTool: mcpToolOf(op['x-mcp-tool']),
    // Every operation judges its query string: unknown parameters are refused, as unknown body fields are.
    querySchema: objectSchema(parameters.filter((p: any) => p.in === 'query')) ?? { type: 'object', properties: {}, additionalProperties: false },
    paramsSchema: objectSchema(parameters.filter((p: any) => p.in === 'path')),
    bodySchema: op.requestBody ? resolveIn(doc, op.requestBody).content['application/json'].schema : null,
    responseSchemas: Object.fromEntries(
      Object.entries<any>(op.responses).map(([status, response]) => [status, resolveIn(doc, response).content?.['application/json']?.schema ?? {}]),
    ),
  };
}

function mcpToolOf(tool: any): McpTool | null {
  if (!tool) return null;
  return { name: tool.name, title: tool.title, description: tool.description, readOnly: tool['read-only'] === true, renames: tool.arguments ?? {} };
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

let table: ReadonlyMap<OperationId, OperationSpec> | null = null;

/** The served document's operations by operationId, read once. */
export function operationTable(): ReadonlyMap<OperationId, OperationSpec> {
  table ??= new Map(operationSpecs().map((spec) => [spec.operationId, spec]));
  return table;
}

export function operationSpec(operationId: OperationId): OperationSpec {
  const spec = operationTable().get(operationId);
  if (!spec) throw new Error(`no operation ${operationId} in the document`);
  return spec;
}
