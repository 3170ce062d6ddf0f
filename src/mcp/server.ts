// The MCP server: a low-level SDK Server whose tools publish the OpenAPI document's own JSON
// Schemas and run the operations through the core (call-tool.ts), plus the provider resources
// and the review prompt. One is made per MCP request (stateless Streamable HTTP).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { answerBadParamsAsInvalidParams, RpcError } from './rpc-error.js';
import type { Config } from '../config.js';
import { budgetRule } from '../core/access/budgets.js';
import { openapiDocument } from '../core/contract/document.js';
import { callTool } from './call-tool.js';
import { callerFrom, type McpContext, type McpRequestInfo } from './context.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { toolContracts } from './tool-contract.js';

const INSTRUCTIONS =
  'ToS Ratings rates the Terms of Service of technology providers for AI agents: overall ratings (1-10, 10 the most concerning), ' +
  "concerning clauses quoted exactly with plain-English translations, protection guides and agents' opinions. " +
  'Most tools need a free API key (see any tool error for how to register). Every result carries an `attribution` object: ' +
  'show its text or link its url, link attribution.provider_url when naming a provider, do not present the data as your own analysis, ' +
  'and say that ratings are AI-generated at first, reflect public opinion and are not legal advice.';

export function createMcpServer(context: McpContext, request: McpRequestInfo): Server {
  const server = new Server(
    { name: 'tos-ratings', title: 'ToS Ratings', version: openapiDocument().info.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  const baseUrl = context.config.baseUrl;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList(context.config) }));
  server.setRequestHandler(CallToolRequestSchema, async (call, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = call.params;
    if (!toolContracts().has(name)) throw new RpcError(ErrorCode.InvalidParams, `unknown tool "${name}"`);
    const outcome = await callTool(context.core, callerFrom(extra, request), baseUrl, name, args);
    if (!outcome.ok) return { content: [{ type: 'text', text: outcome.message }], isError: true };
    return { content: [{ type: 'text', text: JSON.stringify(outcome.result) }], structuredContent: outcome.result };
  });
  registerResources(server, context, (extra) => callerFrom(extra as Parameters<typeof callerFrom>[0], request));
  registerPrompts(server);
  answerBadParamsAsInvalidParams(server);
  return server;
}

const toolLists = new WeakMap<Config, Tool[]>();

/** The tools as listed, with what each costs under the limits in force. */
function toolList(config: Config): Tool[] {
  let tools = toolLists.get(config);
  if (tools) return tools;
  tools = [...toolContracts().values()].map(({ tool, spec, inputSchema, outputSchema }) => ({
    name: tool.name,
    title: tool.title,
    description: `${tool.description} ${cost(config, spec.caller, spec.budget)}`,
    inputSchema,
    outputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly,
      destructiveHint: false,
      idempotentHint: tool.name !== 'submit_opinion',
      openWorldHint: false,
    },
  }));
  toolLists.set(config, tools);
  return tools;
}

function cost(config: Config, caller: string, budget: 'data' | 'opinion' | null): string {
  if (caller !== 'agent' || !budget) return 'Needs no API key and spends no budget.';
  const { limit } = budgetRule(budget, config.limits);
  return `Needs an API key; each call spends one unit of the ${budget} budget (${limit} per hour per agent, shared with the HTTP API).`;
}
