// MCP over Streamable HTTP at /mcp, driven by the SDK's own Client against the real listening
// server: every tool, keyless discovery, keys and budgets shared with the HTTP API, revoked keys,
// bad arguments (the HTTP API's messages), unknown tools, resources, the prompt, and the
// transport's refusals (DNS rebinding, methods, bodies), none of them a 5xx.
import http from 'node:http';
import t from 'tap';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { errorText, exerciseEveryTool, httpClient, structured, TOOL_NAMES } from '../helpers/mcp.js';

const LIMIT = 12;
const OPINIONS = 4;
const { app, database } = await buildTestApp(t, {
  SEED_DEMO: 'true',
  RATE_LIMIT_REQUESTS_PER_HOUR: String(LIMIT),
  RATE_LIMIT_OPINIONS_PER_HOUR: String(OPINIONS),
});
const call = apiClient(t, app);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const db = database.handle.db;

const tool = (result: unknown) => result as CallToolResult;

t.test('keyless: initialize, tools/list; keyed tools say how to register; list_opinions is public', async (t) => {
  const client = await httpClient(t, base);
  t.equal(client.getServerVersion()?.name, 'tos-ratings');
  const { tools } = await client.listTools();
  t.same(tools.map((x) => x.name).sort(), [...TOOL_NAMES].sort());
  for (const x of tools) {
    t.equal(x.inputSchema.type, 'object', `${x.name} inputSchema`);
    t.equal(x.outputSchema?.type, 'object', `${x.name} outputSchema`);
  }
  const search = tools.find((x) => x.name === 'search_providers')!;
  t.same(Object.keys(search.inputSchema.properties!).sort(), [
    'bots_forbidden',
    'class_action_waiver',
    'cursor',
    'mandatory_arbitration',
    'page',
    'per_page',
    'query',
    'terms_state',
  ]);
  t.same(tools.find((x) => x.name === 'rate_clause')!.inputSchema.required, ['clause_id', 'rating']);
  const missing = errorText(tool(await client.callTool({ name: 'get_provider', arguments: { slug: 'chirpnest.example' } })));
  t.match(missing, /^missing or malformed API key/);
  t.match(missing, /\/api\/agents\/register/, 'says how to register');
  t.match(missing, /TOS_RATINGS_API_KEY/);
  const opinions = structured(tool(await client.callTool({ name: 'list_opinions', arguments: {} })));
  t.ok(Array.isArray(opinions.opinions));
});

t.test('every tool, results valid against their outputSchema and equal to the HTTP answers', async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  const results = await exerciseEveryTool(t, client);
  const detail = await call('GET', '/api/agents/providers/chirpnest.example', { key });
  t.same(
    structured(tool(await client.callTool({ name: 'get_provider', arguments: { slug: 'chirpnest.example' } }))),
    detail.body,
    'the same operation behind both doors',
  );
  t.equal(results.get_my_agent.agent.request_count, 8, 'each tool call counted (8 keyed calls)');
});

t.test('one budget across HTTP and MCP runs out at exactly the configured count', async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  let admitted = 0;
  for (let i = 0; i < LIMIT; i++) {
    if (i % 2 === 0) {
      t.equal((await call('GET', '/api/agents/providers', { key })).status, 200);
    } else {
      structured(tool(await client.callTool({ name: 'search_providers', arguments: {} })));
    }
    admitted++;
  }
  t.equal(admitted, LIMIT);
  const refusedHttp = await call('GET', '/api/agents/providers/chirpnest.example', { key });
  t.equal(refusedHttp.status, 429);
  const refusedMcp = errorText(tool(await client.callTool({ name: 'get_provider', arguments: { slug: 'chirpnest.example' } })));
  t.match(refusedMcp, new RegExp(`^data budget used up: ${LIMIT} calls per hour`), 'names the limit');
  t.match(refusedMcp, /it resets in \d+ s, at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'and when it resets');
  const resetIn = Number(/resets in (\d+) s/.exec(refusedMcp)![1]);
  t.ok(resetIn > 3500 && resetIn <= 3600, `resets in ${resetIn} s`);
  const row = await db.selectFrom('agents').select('request_count').where('name', '=', 'Test agent').orderBy('id', 'desc').executeTakeFirstOrThrow();
  t.equal(row.request_count, LIMIT + 2, 'refused calls count too');
  // The opinion budget is separate, and shared the same way.
  const opinion = { provider_slug: 'chirpnest.example', rating: 5, take: 'shared budget' };
  for (let i = 0; i < OPINIONS; i++) {
    if (i % 2 === 0) t.equal((await call('POST', '/api/agents/opinions', { key, body: opinion })).status, 200);
    else structured(tool(await client.callTool({ name: 'submit_opinion', arguments: opinion })));
  }
  t.match(
    errorText(tool(await client.callTool({ name: 'submit_opinion', arguments: opinion }))),
    new RegExp(`^opinion budget used up: ${OPINIONS} calls per hour`),
  );
  t.equal((await call('POST', '/api/agents/opinions', { key, body: opinion })).status, 429);
});

t.test('a concurrent burst over both doors never admits more than the budget', async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  const overHttp = Array.from({ length: 10 }, () => call('GET', '/api/agents/providers', { key }).then((r) => r.status === 200));
  const overMcp = Array.from({ length: 10 }, () => client.callTool({ name: 'search_providers', arguments: {} }).then((r) => !r.isError));
  const outcomes = await Promise.all([...overHttp, ...overMcp]);
  t.equal(outcomes.filter(Boolean).length, LIMIT);
});

t.test('a revoked or replaced key is refused at once', async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  structured(tool(await client.callTool({ name: 'get_my_agent', arguments: {} })));
  const regenerated = await call('POST', '/api/agents/me/regenerate', { key });
  t.match(errorText(tool(await client.callTool({ name: 'get_my_agent', arguments: {} }))), /^invalid API key \(unknown, replaced or revoked\)/);
  const fresh = await httpClient(t, base, regenerated.body.api_key);
  structured(tool(await fresh.callTool({ name: 'get_my_agent', arguments: {} })));
  t.equal((await call('POST', '/api/agents/me/revoke', { key: regenerated.body.api_key })).status, 200);
  t.match(errorText(tool(await fresh.callTool({ name: 'search_providers', arguments: {} }))), /^invalid API key/);
  t.match(
    errorText(tool(await fresh.callTool({ name: 'submit_opinion', arguments: { provider_slug: 'chirpnest.example', rating: 3, take: 'x' } }))),
    /^invalid API key/,
  );
});

t.test("bad arguments: tool errors with the message the HTTP API gives, in the tool's terms", async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  const clauseId = (await call('GET', '/api/agents/providers/chirpnest.example', { key })).body.clauses[0].id;
  const cases: [string, Record<string, unknown>, 'GET' | 'POST', string, unknown?][] = [
    ['search_providers', { per_page: 50 }, 'GET', '/api/agents/providers?per_page=50'],
    ['search_providers', { query: ' ' }, 'GET', '/api/agents/providers?query=%20'],
    ['get_provider', { slug: 'Not A Slug' }, 'GET', '/api/agents/providers/Not%20A%20Slug'],
    ['get_provider', { slug: 'nobody.example' }, 'GET', '/api/agents/providers/nobody.example'],
    ['compare_providers', { slugs: ['chirpnest.example'] }, 'POST', '/api/agents/compare', { slugs: ['chirpnest.example'] }],
    ['list_opinions', { provider_slug: 'nobody.example' }, 'GET', '/api/agents/opinions?provider_slug=nobody.example'],
    ['list_opinions', { page: 0 }, 'GET', '/api/agents/opinions?page=0'],
    [
      'submit_opinion',
      { provider_slug: 'chirpnest.example', rating: 11, take: 'x' },
      'POST',
      '/api/agents/opinions',
      { provider_slug: 'chirpnest.example', rating: 11, take: 'x' },
    ],
    ['submit_opinion', { provider_slug: 'chirpnest.example', rating: 5 }, 'POST', '/api/agents/opinions', { provider_slug: 'chirpnest.example', rating: 5 }],
    [
      'submit_opinion',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'x', mood: 'bad' },
      'POST',
      '/api/agents/opinions',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'x', mood: 'bad' },
    ],
    ['rate_clause', { clause_id: clauseId, rating: 0 }, 'POST', `/api/agents/clauses/${clauseId}/rating`, { rating: 0 }],
    ['rate_clause', { clause_id: 0, rating: 5 }, 'POST', '/api/agents/clauses/0/rating', { rating: 5 }],
    ['rate_clause', { clause_id: 999999, rating: 5 }, 'POST', '/api/agents/clauses/999999/rating', { rating: 5 }],
    ['get_provider_changes', { slug: 'chirpnest.example', per_page: 21 }, 'GET', '/api/agents/providers/chirpnest.example/changes?per_page=21'],
    ['analyze_terms', { text: '' }, 'POST', '/api/agents/analyze', { text: '' }],
    // Text PostgreSQL cannot store: refused with the HTTP API's message, never an internal error.
    [
      'submit_opinion',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'a\u0000b' },
      'POST',
      '/api/agents/opinions',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'a\u0000b' },
    ],
    [
      'submit_opinion',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'a\ud800b' },
      'POST',
      '/api/agents/opinions',
      { provider_slug: 'chirpnest.example', rating: 5, take: 'a\ud800b' },
    ],
    ['search_providers', { query: 'x\u0000' }, 'GET', '/api/agents/providers?query=x%00'],
  ];
  for (const [name, args, method, url, body] of cases) {
    const overHttp = await call(method, url, { key, body });
    t.ok(overHttp.status === 400 || overHttp.status === 404, `${url}: ${overHttp.status}`);
    const message = errorText(tool(await client.callTool({ name, arguments: args })));
    // The same words, without the HTTP request part ("body.", "query.", "params."), and the path's id as the tool's clause_id.
    const inToolTerms = overHttp.body.error.replace(/^(?:body|query|params|path)\.(\w+)/, (_: string, n: string) => (n === 'id' ? 'clause_id' : n));
    t.equal(message, inToolTerms, `${name} ${JSON.stringify(args)}: ${message}`);
    t.notMatch(message, /^(body|query|params|path)\./, 'no HTTP wording');
  }
  t.equal(
    errorText(tool(await client.callTool({ name: 'submit_opinion', arguments: { provider_slug: 'chirpnest.example', rating: 11, take: 'x' } }))),
    'rating must be <= 10',
  );
  t.equal(errorText(tool(await client.callTool({ name: 'rate_clause', arguments: { clause_id: 0, rating: 5 } }))), 'clause_id must be >= 1');
  // Arguments are JSON: no string is converted to a number, and unknown arguments are refused.
  t.equal(errorText(tool(await client.callTool({ name: 'search_providers', arguments: { page: '2' } }))), 'page must be integer');
  t.equal(errorText(tool(await client.callTool({ name: 'get_my_agent', arguments: { verbose: true } }))), 'verbose is not allowed');
  // Without a key, the key is what is wrong (as on HTTP).
  const keyless = await httpClient(t, base);
  t.match(errorText(tool(await keyless.callTool({ name: 'submit_opinion', arguments: { rating: 99 } }))), /^missing or malformed API key/);
});

t.test('an unknown tool is a JSON-RPC error', async (t) => {
  const client = await httpClient(t, base);
  const error = await client.callTool({ name: 'delete_everything', arguments: {} }).then(
    () => null,
    (e) => e,
  );
  t.ok(error instanceof McpError);
  t.equal(error.code, -32602);
  t.equal(error.message, 'MCP error -32602: unknown tool "delete_everything"', 'the code once, as the client puts it');
});

t.test('resources: the provider template, the listing (keyless) and reading one (keyed)', async (t) => {
  const key = await registerAgent(call);
  const client = await httpClient(t, base, key);
  const { resourceTemplates } = await client.listResourceTemplates();
  t.same(
    resourceTemplates.map((r) => r.uriTemplate),
    ['tos-ratings://provider/{slug}'],
  );
  const keyless = await httpClient(t, base);
  const { resources } = await keyless.listResources();
  t.ok(
    resources.some((r) => r.uri === 'tos-ratings://provider/chirpnest.example'),
    'listable without a key',
  );
  const read = await client.readResource({ uri: 'tos-ratings://provider/chirpnest.example' });
  const detail = await call('GET', '/api/agents/providers/chirpnest.example', { key });
  t.same(JSON.parse((read.contents[0] as { text: string }).text), detail.body);
  t.equal(read.contents[0].mimeType, 'application/json');
  const unknown = await client.readResource({ uri: 'tos-ratings://provider/nobody.example' }).then(
    () => null,
    (e) => e,
  );
  t.equal(unknown?.code, -32002);
  const noKey = await keyless.readResource({ uri: 'tos-ratings://provider/chirpnest.example' }).then(
    () => null,
    (e) => e,
  );
  t.match(noKey?.message, /missing or malformed API key/);
});

t.test('the prompt review_terms_before_signup', async (t) => {
  const client = await httpClient(t, base);
  const { prompts } = await client.listPrompts();
  t.same(
    prompts.map((p) => [p.name, p.arguments?.map((a) => [a.name, a.required])]),
    [['review_terms_before_signup', [['slug', true]]]],
  );
  const prompt = await client.getPrompt({ name: 'review_terms_before_signup', arguments: { slug: 'chirpnest.example' } });
  const text = (prompt.messages[0].content as { text: string }).text;
  t.match(text, /get_provider with slug "chirpnest\.example"/);
  t.match(text, /not legal advice/);
  t.match(text, /attribution\.provider_url/);
  const bad = await client.getPrompt({ name: 'review_terms_before_signup', arguments: { slug: 'NOT OK' } }).then(
    () => null,
    (e) => e,
  );
  t.equal(bad?.code, -32602);
  t.match(bad?.message, /arguments\.slug has an invalid format/);
});

function raw(method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: '/mcp', headers }, (response) => {
      let text = '';
      response.on('data', (d) => (text += d));
      response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

t.test('the transport: DNS rebinding refused, GET and DELETE 405, bad bodies 4xx', async (t) => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  t.equal((await raw('POST', { ...headers, host: `localhost:${port}` }, initialize)).status, 200, 'localhost');
  t.equal((await raw('POST', { ...headers, host: 'localhost:3000' }, initialize)).status, 200, "BASE_URL's host");
  const rebound = await raw('POST', { ...headers, host: `attacker.example:${port}` }, initialize);
  t.equal(rebound.status, 403);
  t.match(rebound.body.error.message, /DNS rebinding/);
  const foreignOrigin = await raw('POST', { ...headers, host: `127.0.0.1:${port}`, origin: 'https://attacker.example' }, initialize);
  t.equal(foreignOrigin.status, 403);
  t.equal((await raw('POST', { ...headers, host: `127.0.0.1:${port}`, origin: 'null' }, initialize)).status, 403);
  t.equal((await raw('POST', { ...headers, host: `127.0.0.1:${port}`, origin: `http://localhost:${port}` }, initialize)).status, 200);
  for (const method of ['GET', 'DELETE']) {
    const answer = await raw(method, { accept: 'text/event-stream' });
    t.equal(answer.status, 405, method);
    t.equal(answer.body.jsonrpc, '2.0');
  }
  const badJson = await raw('POST', headers, '{"jsonrpc":');
  t.same([badJson.status, badJson.body.error.code], [400, -32700]);
  t.equal((await raw('POST', { ...headers, 'content-type': 'text/plain' }, initialize)).status, 415);
  t.equal((await raw('POST', headers, '{"not":"json-rpc"}')).status, 400);
  const tooLarge = await raw(
    'POST',
    headers,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'analyze_terms', arguments: { text: 'x'.repeat(1_200_000) } } }),
  );
  t.equal(tooLarge.status, 413);
  const longest = await raw(
    'POST',
    headers,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'analyze_terms', arguments: { text: 'y'.repeat(200_001) } } }),
  );
  t.equal(longest.status, 200, 'a text just over the limit fits the body limit: the tool answers');
  t.equal(longest.body.result.isError, true);
  t.match(longest.body.result.content[0].text, /^missing or malformed API key/, 'the key is judged first');
});

t.test('tool and parameter descriptions speak to a model, once', async (t) => {
  const client = await httpClient(t, base);
  const { tools } = await client.listTools();
  const texts: string[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') texts.push(v);
      else collect(v);
    }
  };
  for (const tool of tools) {
    collect(tool.inputSchema);
    collect(tool.outputSchema);
    t.ok((tool.description!.match(/\bno (?:API )?key\b/gi) ?? []).length <= 1, `${tool.name} says once whether it needs a key: ${tool.description}`);
    t.ok((tool.description!.match(/\bbudget\b/gi) ?? []).length <= 1, `${tool.name} names its budget once: ${tool.description}`);
  }
  t.ok(texts.length > 10, `${texts.length} schema descriptions`);
  for (const text of [...texts, ...tools.map((tool) => tool.description!)]) {
    t.notMatch(text, /\bgives \**400|\b400\b|Added (parameter|field|operation)/, `no HTTP or spec wording: ${text.slice(0, 80)}`);
  }
});
