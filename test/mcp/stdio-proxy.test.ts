// `npx tos-ratings mcp` as a desktop agent runs it: spawned over stdio by the SDK's own Client,
// relaying to a running server (`npm start` in its own process) with TOS_RATINGS_URL and
// TOS_RATINGS_API_KEY. Every tool, the budget shared with the HTTP API, a revoked key, bad
// arguments, an unreachable server; stdout carries nothing but protocol messages.
import t from 'tap';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady, freePort } from '../helpers/server-process.js';
import { errorText, exerciseEveryTool, stdioClient, structured } from '../helpers/mcp.js';

// A server process and `npx tos-ratings mcp` relays (each loading TypeScript): slow on a busy machine.
t.setTimeout(300_000);

const LIMIT = 10;
const env = await freshDatabaseEnv(t);
const server = await startServer({
  ...env,
  SEED_DEMO: 'true',
  RATE_LIMIT_REQUESTS_PER_HOUR: String(LIMIT),
  RATE_LIMIT_OPINIONS_PER_HOUR: '3',
  RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '50',
});
stopAtTeardown(t, server);
await waitReady(server);

let registrations = 0;
async function register(): Promise<string> {
  const response = await fetch(`${server.url}/api/agents/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `stdio agent ${++registrations}`, accept_terms: true }),
  });
  if (response.status !== 200) throw new Error(`registration: ${response.status} ${await response.text()}`);
  return (await response.json()).api_key;
}
const httpGet = (path: string, key: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
const tool = (result: unknown) => result as CallToolResult;

t.test('every tool over stdio; nothing but protocol on stdout; logs on stderr', async (t) => {
  const key = await register();
  const { client, stderr, protocolErrors } = await stdioClient(t, server.url, key);
  t.equal(client.getServerVersion()?.name, 'tos-ratings', "the server's own identity, relayed");
  await exerciseEveryTool(t, client);
  const { resources } = await client.listResources();
  t.ok(resources.length >= 5);
  const read = await client.readResource({ uri: 'tos-ratings://provider/chirpnest.example' });
  t.equal(JSON.parse((read.contents[0] as { text: string }).text).provider.slug, 'chirpnest.example');
  const prompt = await client.getPrompt({ name: 'review_terms_before_signup', arguments: { slug: 'chirpnest.example' } });
  t.equal(prompt.messages.length, 1);
  t.same(protocolErrors, [], 'every line on stdout was a protocol message');
  t.match(stderr(), /tos-ratings mcp: relaying to http:\/\/127\.0\.0\.1:\d+\/mcp/);
});

t.test('the budget is shared with the HTTP API and runs out at exactly the configured count', async (t) => {
  const key = await register();
  const { client } = await stdioClient(t, server.url, key);
  for (let i = 0; i < LIMIT; i++) {
    if (i % 2 === 0) t.equal((await httpGet('/api/agents/providers', key)).status, 200);
    else structured(tool(await client.callTool({ name: 'get_provider', arguments: { slug: 'tunetide.example' } })));
  }
  t.match(errorText(tool(await client.callTool({ name: 'get_my_agent', arguments: {} }))), new RegExp(`^data budget used up: ${LIMIT} calls per hour`));
  t.equal((await httpGet('/api/agents/me', key)).status, 429);
});

t.test('a revoked key is refused at once; bad arguments and a missing key are tool errors', async (t) => {
  const key = await register();
  const { client } = await stdioClient(t, server.url, key);
  structured(tool(await client.callTool({ name: 'get_my_agent', arguments: {} })));
  t.equal(
    errorText(tool(await client.callTool({ name: 'submit_opinion', arguments: { provider_slug: 'chirpnest.example', rating: 11, take: 'x' } }))),
    'rating must be <= 10',
  );
  t.equal(
    errorText(tool(await client.callTool({ name: 'compare_providers', arguments: { slugs: ['chirpnest.example'] } }))),
    'slugs must NOT have fewer than 2 items',
  );
  const revoked = await fetch(`${server.url}/api/agents/me/revoke`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  t.equal(revoked.status, 200);
  t.match(errorText(tool(await client.callTool({ name: 'get_my_agent', arguments: {} }))), /^invalid API key \(unknown, replaced or revoked\)/);
  const keyless = await stdioClient(t, server.url);
  t.match(errorText(tool(await keyless.client.callTool({ name: 'get_provider', arguments: { slug: 'chirpnest.example' } }))), /register once with POST/);
  t.match(keyless.stderr(), /TOS_RATINGS_API_KEY is not set/);
  structured(tool(await keyless.client.callTool({ name: 'list_opinions', arguments: {} })));
});

t.test('an unreachable server: each request gets a JSON-RPC error, not silence', async (t) => {
  const nobody = `http://127.0.0.1:${await freePort()}`;
  const error = await stdioClient(t, nobody).then(
    () => null,
    (e) => e,
  );
  t.match(error?.message, new RegExp(`ToS Ratings server at ${nobody.replace(/[.]/g, '\\.')} did not answer: fetch failed \\(ECONNREFUSED\\)`));
});
