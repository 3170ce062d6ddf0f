// One tool call: the arguments placed into the operation's input, the call made through the core
// (invoke: the same steps, budgets and checks as over HTTP), and the outcome said for a model. A
// spent budget names its limit and when it refills; a missing or invalid key says how to get one.
import type { Invoker } from '../core/invoke.js';
import type { Caller } from '../core/services.js';
import type { Budget } from '../core/operation-table.js';
import type { BudgetState } from '../repositories/rate-limits.js';
import { toolContracts } from './tool-contract.js';

export type ToolOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; code: string; message: string };

export async function callTool(core: Invoker, caller: Caller, baseUrl: string, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
  const contract = toolContracts().get(name);
  if (!contract) return { ok: false, code: 'not-found', message: `unknown tool "${name}"` };
  const { operationId, budget } = contract.spec;
  const placed = contract.place(args);
  const outcome = placed.ok ? await core.invoke(operationId, placed.input, caller) : await core.refuse(operationId, caller, placed.error);
  if (outcome.ok) return { ok: true, result: JSON.parse(outcome.body.toString('utf8')) as Record<string, unknown> };
  const { error } = outcome;
  if (error.code === 'rate-limited' && budget && outcome.budget) return { ok: false, code: error.code, message: budgetSpent(budget, outcome.budget) };
  if (error.code === 'unauthenticated') return { ok: false, code: error.code, message: `${error.message}. ${registrationHint(baseUrl)}` };
  if (error.code === 'invalid-input') return { ok: false, code: error.code, message: contract.inArgumentTerms(error.message) };
  return { ok: false, code: error.code, message: error.message };
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
