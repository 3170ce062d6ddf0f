// One tool call made as its HTTP request would be: a keyed operation authenticates the key first
// and counts the call (a bad key wins over bad arguments); valid arguments spend one unit of the
// operation's budget, invalid ones only count, as on HTTP; then the operation runs and its result
// is checked against the contract before it leaves. Every failure is an outcome with a message.
import type { FastifyBaseLogger } from 'fastify';
import { meterKey } from './access/authenticate.js';
import { budgetRule } from './access/budgets.js';
import { HttpError, ServiceUnavailable } from './errors.js';
import { ANALYSIS_OPERATIONS } from './analysis-admission.js';
import type { Reservation } from '../analysis-pool/jobs.js';
import type { Budget } from './contract/document.js';
import type { BudgetState } from '../repositories/rate-limits.js';
import type { Services } from './handler-types.js';
import { toolContract, type ToolContract } from '../mcp/tool-contract.js';
import { TOOLS, toolOperations, type ToolDefinition } from '../mcp/tool-table.js';

/** Who is calling: the Authorization header of the MCP request, and where to log. */
export interface Caller {
  readonly authorization: string | undefined;
  readonly log: FastifyBaseLogger;
}

export type Outcome = { ok: true; result: Record<string, unknown> } | { ok: false; status: number; message: string };

let contracts: Map<string, { tool: ToolDefinition; contract: ToolContract }> | null = null;

/** Every tool with its contract, derived from the document once. */
export function toolContracts(): Map<string, { tool: ToolDefinition; contract: ToolContract }> {
  contracts ??= new Map(TOOLS.map((tool) => [tool.name, { tool, contract: toolContract(tool) }]));
  return contracts;
}

export async function invokeTool(services: Services, caller: Caller, name: string, args: Record<string, unknown>): Promise<Outcome> {
  const entry = toolContracts().get(name);
  if (!entry) return { ok: false, status: 404, message: `unknown tool "${name}"` };
  const { tool, contract } = entry;
  const checked = contract.check(args);
  let reservation: Reservation | null = null;
  try {
    // As over HTTP: a place in the analyzer first, so that a call refused as busy costs no budget.
    if (ANALYSIS_OPERATIONS.has(tool.operationId)) reservation = services.analyzer.reserve();
    let metered = null;
    if (contract.spec.caller === 'agent') {
      const budget = checked.ok && contract.spec.budget ? contract.spec.budget : null;
      metered = await meterKey(services.meter, caller.authorization, budget && budgetRule(budget, services.config.limits));
      if (budget && metered.budget && !metered.budget.admitted) return { ok: false, status: 429, message: budgetSpent(budget, metered.budget) };
    }
    if (!checked.ok) return { ok: false, status: 400, message: checked.message };
    const operation = toolOperations[tool.operationId] as (ctx: unknown) => Promise<Record<string, unknown>>;
    const operationServices = reservation ? { ...services, analyzer: reservation } : services;
    const result = await operation({ ...checked.input, agent: metered?.agent ?? null, keyHash: metered?.keyHash ?? null, services: operationServices });
    if (contract.validateOutput(result)) return { ok: true, result };
    caller.log.error({ tool: name, errors: contract.validateOutput.errors }, 'tool result does not match the contract');
    return internalError();
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode < 500 || error instanceof ServiceUnavailable)) {
      const message = error.statusCode === 401 ? `${error.message}. ${registrationHint(services.config.baseUrl)}` : error.message;
      return { ok: false, status: error.statusCode, message };
    }
    caller.log.error({ err: error, tool: name }, 'tool failed');
    return internalError();
  } finally {
    reservation?.release();
  }
}

function internalError(): Outcome {
  return { ok: false, status: 500, message: 'internal server error' };
}

/** The limit and when its window resets, for a call its budget refused. */
export function budgetSpent(budget: Budget, state: BudgetState): string {
  const resetsAt = new Date(Date.now() + state.resetSeconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  return `${budget} budget used up: ${state.limit} calls per hour for your agent, over the HTTP API and MCP together; it resets in ${state.resetSeconds} s, at ${resetsAt}`;
}

export function registrationHint(baseUrl: string): string {
  return (
    `Keyed tools need a free API key: register once with POST ${baseUrl}/api/agents/register and a JSON body ` +
    `{"name": "<your agent>", "accept_terms": true} (see ${baseUrl}/docs), then send the key as "Authorization: Bearer svc_ak_..." ` +
    'on MCP requests (with `tos-ratings mcp`: in the TOS_RATINGS_API_KEY environment variable)'
  );
}
