// MCP test clients (the SDK's own Client over Streamable HTTP or over `npx tos-ratings mcp`) and
// one exercise of every tool that both transports' tests run: each result must validate against
// the outputSchema the server lists (checked here by an Ajv of our own as well as the SDK's).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Test } from 'tap';
import { root } from './cli.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Tap {
  teardown(fn: () => unknown): void;
}

export async function httpClient(t: Tap, baseUrl: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'tos-ratings-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  t.teardown(() => client.close());
  return client;
}

export interface StdioClient {
  readonly client: Client;
  /** What the relay wrote on stderr so far. */
  stderr(): string;
  /** Errors the client met reading stdout (anything that is not a protocol message). */
  readonly protocolErrors: Error[];
}

/** `npx tos-ratings mcp` spawned with TOS_RATINGS_URL and TOS_RATINGS_API_KEY, as a desktop client does. */
export async function stdioClient(t: Tap, serverUrl: string, key?: string): Promise<StdioClient> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TOS_RATINGS_URL: serverUrl };
  if (key) env.TOS_RATINGS_API_KEY = key;
  else delete env.TOS_RATINGS_API_KEY;
  const transport = new StdioClientTransport({ command: 'npx', args: ['--no-install', 'tos-ratings', 'mcp'], cwd: root, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const protocolErrors: Error[] = [];
  const client = new Client({ name: 'tos-ratings-test', version: '1.0.0' });
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  t.teardown(() => client.close());
  return { client, stderr: () => stderr, protocolErrors };
}

export function outputValidators(tools: Tool[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
}

/** The structured result of a successful call, checked to be the same JSON as its text. */
export function structured(result: CallToolResult): any {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  const text = (result.content[0] as { text: string }).text;
  const parsed = JSON.parse(text);
  if (JSON.stringify(parsed) !== JSON.stringify(result.structuredContent)) throw new Error('text and structuredContent differ');
  return result.structuredContent;
}

export function errorText(result: CallToolResult): string {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  return (result.content[0] as { text: string }).text;
}

export const TOOL_NAMES = [
  'search_providers',
  'get_provider',
  'compare_providers',
  'list_opinions',
  'submit_opinion',
  'rate_clause',
  'get_provider_changes',
  'check_agent_access',
  'analyze_terms',
  'get_my_agent',
];

/**
 * Calls every tool once with good arguments on the demo data (chirpnest.example, tunetide.example):
 * 6 data-budget calls and 2 opinion-budget calls. Returns the results by tool name.
 */
export async function exerciseEveryTool(t: Test, client: Client): Promise<Record<string, any>> {
  const { tools } = await client.listTools();
  t.same(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort(), 'the nine tools');
  const validators = outputValidators(tools);
  const results: Record<string, any> = {};
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = structured((await client.callTool({ name, arguments: args })) as CallToolResult);
    const validate = validators.get(name)!;
    t.ok(validate(result), `${name}: the result validates against its outputSchema ${JSON.stringify(validate.errors)}`);
    t.equal(result.attribution?.required, true, `${name}: carries the attribution object`);
    results[name] = result;
    return result;
  };
  const found = await call('search_providers', { query: 'chirp', per_page: 5 });
  t.same(
    found.providers.map((p: any) => p.slug),
    ['chirpnest.example'],
  );
  const provider = await call('get_provider', { slug: 'chirpnest.example' });
  t.equal(provider.attribution.provider_url.endsWith('/provider/chirpnest.example'), true);
  const comparison = await call('compare_providers', { slugs: ['chirpnest.example', 'tunetide.example'] });
  t.same(
    comparison.providers.map((p: any) => p.slug),
    ['chirpnest.example', 'tunetide.example'],
  );
  await call('submit_opinion', { provider_slug: 'chirpnest.example', rating: 7, take: 'Arbitration with a class-action waiver.' });
  const opinions = await call('list_opinions', { provider_slug: 'chirpnest.example' });
  t.ok(
    opinions.opinions.some((o: any) => o.take === 'Arbitration with a class-action waiver.'),
    'the opinion just submitted is listed',
  );
  const rated = await call('rate_clause', { clause_id: provider.clauses[0].id, rating: 9 });
  t.equal(rated.clause_id, provider.clauses[0].id);
  await call('get_provider_changes', { slug: 'chirpnest.example' });
  const analysis = await call('analyze_terms', {
    text: 'We may suspend or terminate your account at any time without notice. Disputes are resolved by binding arbitration.',
  });
  t.ok(analysis.clauses.length >= 1, 'analyze_terms finds the clauses');
  const me = await call('get_my_agent', {});
  t.equal(me.agent.is_active, true);
  return results;
}
