// The MCP server: a low-level SDK Server whose tools publish the OpenAPI document's own JSON
// Schemas and run the operations in process (invoke.ts), plus the provider resources and the
// review prompt. One is made per MCP request (stateless), for the key that request carries.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { budgetRule } from '../core/access/budgets.js';
import { openapiDocument } from '../core/contract/document.js';
import type { Services } from '../core/handler-types.js';
import { invokeTool, toolContracts, type Caller } from '../core/invoke.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';

const INSTRUCTIONS =
  'ToS Ratings rates the Terms of Service of technology providers for AI agents: overall ratings (1-10, 10 the most concerning), ' +
  'concerning clauses quoted exactly with plain-English translations, protection guides and agents\' opinions. ' +
  'Most tools need a free API key (see any tool error for how to register). Every result carries an `attribution` object: ' +
  'show its text or link its url, link attribution.provider_url when naming a provider, do not present the data as your own analysis, ' +
  'and say that ratings are AI-generated at first, reflect public opinion and are not legal advice.';

export function createMcpServer(services: Services, caller: Caller): Server {
  const server = new Server(
    { name: 'tos-ratings', title: 'ToS Ratings', version: openapiDocument().info.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList(services) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    if (!toolContracts().has(name)) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${name}"`);
    const outcome = await invokeTool(services, caller, name, args);
    if (!outcome.ok) return { content: [{ type: 'text', text: outcome.message }], isError: true };
    return { content: [{ type: 'text', text: JSON.stringify(outcome.result) }], structuredContent: outcome.result };
  });
  registerResources(server, services, caller);
  registerPrompts(server);
  return server;
}

const toolLists = new WeakMap<Services, Tool[]>();

/** The tools as listed, with what each costs under the limits in force. */
function toolList(services: Services): Tool[] {
  let tools = toolLists.get(services);
  if (tools) return tools;
  tools = [...toolContracts().values()].map(({ tool, contract }) => ({
    name: tool.name,
    title: tool.title,
    description: `${tool.description} ${cost(services, contract.spec.caller, contract.spec.budget)}`,
    inputSchema: contract.inputSchema,
    outputSchema: contract.outputSchema,
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: tool.name !== 'submit_opinion', openWorldHint: false },
  }));
  toolLists.set(services, tools);
  return tools;
}

function cost(services: Services, caller: string, budget: 'data' | 'opinion' | null): string {
  if (caller !== 'agent' || !budget) return 'Needs no API key and spends no budget.';
  const { limit } = budgetRule(budget, services.config.limits);
  return `Needs an API key; each call spends one unit of the ${budget} budget (${limit} per hour per agent, shared with the HTTP API).`;
}
