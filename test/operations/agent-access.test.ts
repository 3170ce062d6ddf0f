// "May my agent use this service?" end to end, over real HTTP: loopback sites serve each signal
// alone, signals in conflict with each other and with the terms, a missing robots.txt, a broken
// tdmrep.json and a robots.txt that becomes too large; the tracker reads them beside a running
// server, and the endpoint and the MCP tool answer as the rules say, naming the conflicts. The
// provider page shows the verdicts, compare includes them, bad input is a clear 400.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runPass, type TrackerContext } from '../../src/tracker/pass.js';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { httpClient, structured } from '../helpers/mcp.js';
import { startSignalSites, termsMarkdown, type SiteSpec } from '../helpers/signal-sites.js';

const BAN = 'You will not use any robot, spider, scraper or other automated means to access the Services.';
const ALLOW_ALL = 'User-agent: *\nAllow: /\n';
const SITES: Record<string, SiteSpec> = {
  plain: { robots: ALLOW_ALL, terms: termsMarkdown() },
  'terms-ban': { robots: 'User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nAllow: /\n', terms: termsMarkdown(BAN) },
  'robots-gptbot': { robots: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', terms: termsMarkdown() },
  'usage-header': { robots: ALLOW_ALL, terms: termsMarkdown(), headers: { 'content-usage': 'train-ai=n, search=y' } },
  'usage-rule': { robots: 'User-agent: *\nContent-Usage: search=n\nAllow: /\n', terms: termsMarkdown() },
  'content-signal': { robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /\n', terms: termsMarkdown() },
  'tdm-header': { robots: ALLOW_ALL, terms: termsMarkdown(), headers: { 'tdm-reservation': '1', 'tdm-policy': 'https://tdm.test/policy' } },
  'tdm-meta': { robots: ALLOW_ALL, terms: termsMarkdown(), meta: { 'tdm-reservation': '1' } },
  'tdm-file': { robots: ALLOW_ALL, terms: termsMarkdown(), tdmrep: JSON.stringify([{ location: '/*', 'tdm-reservation': 1 }]) },
  'signals-conflict': { robots: 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /\n', terms: termsMarkdown(), headers: { 'content-usage': 'train-ai=n' } },
  'no-robots': { robots: 404, terms: termsMarkdown() },
  'broken-tdmrep': { robots: ALLOW_ALL, terms: termsMarkdown(), tdmrep: '[{"location": "/*", "tdm-reservation": ' },
  'goes-huge': { robots: ALLOW_ALL, terms: termsMarkdown() },
};
const names = Object.keys(SITES);
const addressOf = (name: string) => `127.0.1.${names.indexOf(name) + 1}`;
const slugOf = (name: string) => `${name}.test`;

const web = await startSignalSites(t);
for (const name of names) web.sites.set(addressOf(name), SITES[name]!);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-access-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const catalogueFile = path.join(dir, 'catalogue.json');
fs.writeFileSync(
  catalogueFile,
  JSON.stringify({ providers: names.map((n) => ({ slug: slugOf(n), name: n, domain: slugOf(n), category: 'social', terms_url: web.termsUrl(addressOf(n)) })) }),
);
const BASE_URL = 'https://ratings.example.net';
const { app, config, database } = await buildTestApp(t, { FETCH_ALLOW_PRIVATE: 'true', CATALOGUE_FILE: catalogueFile, BASE_URL });
const analyzer = new AnalysisPool({ ...config.analysis });
t.teardown(() => analyzer.close());
const ctx: TrackerContext = { db: database.handle.db, config, analyzer, policy: { retryBaseMs: 10, timeoutMs: 1500, connectTimeoutMs: 1000 } };
const pass = () => runPass(ctx, { kind: 'forced', since: new Date(), slugs: names.map(slugOf) });
const call = apiClient(t, app);
const key = await registerAgent(call);
const ask = async (name: string, purpose: string, userAgent?: string) => {
  const query = new URLSearchParams({ purpose, ...(userAgent && { user_agent: userAgent }) });
  const response = await call('GET', `/api/agents/providers/${slugOf(name)}/agent-access?${query}`, { key });
  if (response.status !== 200) throw new Error(`${name} ${purpose}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};
const PURPOSES = ['agent-browse', 'ai-input', 'search', 'train-ai'];

const report = await pass();
t.same(
  report.providers.filter((p) => p.outcome !== 'analysed'),
  [],
  'every site tracked and analysed',
);

t.test('each signal alone: what it refuses is disallowed, everything else allowed (robots.txt allowing)', async (t) => {
  const refused: Record<string, string[]> = {
    plain: [],
    'usage-header': ['train-ai'],
    'usage-rule': ['search'],
    'content-signal': ['ai-input', 'train-ai'],
    'tdm-header': ['ai-input', 'train-ai'],
    'tdm-meta': ['ai-input', 'train-ai'],
    'tdm-file': ['ai-input', 'train-ai'],
    'no-robots': [],
  };
  for (const [name, purposes] of Object.entries(refused)) {
    for (const purpose of PURPOSES) {
      const answer = await ask(name, purpose, 'GPTBot');
      t.equal(answer.verdict, purposes.includes(purpose) ? 'disallowed' : 'allowed', `${name}: ${purpose}`);
    }
  }
  const tdm = await ask('tdm-header', 'train-ai', 'GPTBot');
  t.same(
    tdm.reasons.find((r: any) => r.source === 'tdmrep'),
    {
      source: 'tdmrep',
      says: 'refuses',
      statement: 'the tdm-reservation header reserves text and data mining rights (a licence may be offered at https://tdm.test/policy)',
      evidence: { where: `${web.termsUrl(addressOf('tdm-header'))} (header)`, quote: 'tdm-reservation: 1' },
    },
  );
  const missing = await ask('no-robots', 'search');
  t.same(missing.reasons, [
    {
      source: 'robots',
      says: 'allows',
      statement: 'there is no robots.txt, which allows any agent everywhere',
      evidence: { where: `${web.origin(addressOf('no-robots'))}/robots.txt`, quote: 'HTTP 404' },
    },
  ]);
  t.equal(missing.user_agent, null);
  t.equal(missing.path, '/');
});

t.test('robots.txt for one agent: that agent is disallowed everything, others are not', async (t) => {
  for (const purpose of PURPOSES) {
    const gpt = await ask('robots-gptbot', purpose, 'GPTBot/1.1');
    t.equal(gpt.verdict, 'disallowed', purpose);
    t.same(gpt.reasons, [
      {
        source: 'robots',
        says: 'refuses',
        statement: 'robots.txt disallows GPTBot/1.1 at /',
        evidence: { where: `${web.origin(addressOf('robots-gptbot'))}/robots.txt, group User-agent: GPTBot`, quote: 'Disallow: /' },
      },
    ]);
    t.same(gpt.known_agent, { name: 'GPTBot', operator: 'OpenAI', function: 'training' });
    t.equal((await ask('robots-gptbot', purpose, 'ClaudeBot')).verdict, 'allowed');
    t.equal((await ask('robots-gptbot', purpose)).verdict, 'allowed');
  }
});

t.test('conflicts: the terms ban wins over robots.txt, a refusing signal over a granting one, and each is named', async (t) => {
  for (const purpose of PURPOSES) {
    const answer = await ask('terms-ban', purpose, 'GPTBot');
    t.equal(answer.verdict, 'disallowed', purpose);
    t.same(answer.conflicts, ['robots.txt allows GPTBot at /, but the terms forbid automated access']);
    const terms = answer.reasons.find((r: any) => r.source === 'terms');
    t.equal(terms.evidence.quote, BAN);
    t.match(terms.evidence.where, new RegExp(`^${BASE_URL}/provider/terms-ban\\.test \\(clause "`));
  }
  const conflict = await ask('signals-conflict', 'train-ai', 'GPTBot');
  t.equal(conflict.verdict, 'disallowed');
  t.same(conflict.conflicts, [
    'robots.txt allows GPTBot at /, but the Content-Usage header says train-ai=n',
    'robots.txt Content-Signal says ai-train=yes, but the Content-Usage header says train-ai=n',
  ]);
  t.equal((await ask('signals-conflict', 'search', 'GPTBot')).verdict, 'allowed');
});

t.test('what cannot be read is unclear: a broken tdmrep.json, a robots.txt grown too large', async (t) => {
  t.equal((await ask('broken-tdmrep', 'train-ai')).verdict, 'unclear');
  t.match((await ask('broken-tdmrep', 'train-ai')).reasons, [
    { source: 'robots' },
    { source: 'tdmrep', says: 'unreadable', statement: 'tdmrep.json could not be read (not valid JSON)' },
  ]);
  t.equal((await ask('broken-tdmrep', 'search')).verdict, 'allowed');
  t.equal((await ask('goes-huge', 'search')).verdict, 'allowed');
  web.sites.get(addressOf('goes-huge'))!.robots = 'huge';
  await pass();
  const answer = await ask('goes-huge', 'search', 'GPTBot');
  t.equal(answer.verdict, 'unclear');
  t.match(answer.reasons[0], { source: 'robots', says: 'unreadable', statement: /robots\.txt could not be read \(larger than 524288 bytes\)/ });
  const feed = await app.inject('/provider/goes-huge.test/feed.xml');
  t.match(feed.body, /Robots\.txt can no longer be read/);
});

t.test('the MCP tool gives the same answer and spends the same budget', async (t) => {
  const port = (app.server.address() as { port: number }).port;
  const client = await httpClient(t, `http://127.0.0.1:${port}`, key);
  const before = (await call('GET', '/api/agents/me', { key })).headers['ratelimit-remaining'];
  const result = structured(
    (await client.callTool({ name: 'check_agent_access', arguments: { slug: 'terms-ban.test', user_agent: 'GPTBot', purpose: 'search' } })) as CallToolResult,
  );
  const after = (await call('GET', '/api/agents/me', { key })).headers['ratelimit-remaining'];
  t.equal(Number(before) - Number(after), 2, 'one unit for the tool call, one for the second /me');
  const overHttp = await ask('terms-ban', 'search', 'GPTBot');
  t.same({ ...result, checked_at: null }, { ...overHttp, checked_at: null });
  t.equal(result.verdict, 'disallowed');
  const bad = (await client.callTool({ name: 'check_agent_access', arguments: { slug: 'terms-ban.test', purpose: 'scrape' } })) as CallToolResult;
  t.ok(bad.isError);
});

t.test('bad input is a clear 400; unknown providers 404; a key is needed', async (t) => {
  const url = (q: string) => `/api/agents/providers/plain.test/agent-access?${q}`;
  const missing = await call('GET', url(''), { key });
  t.equal(missing.status, 400);
  t.match(missing.body.error, /purpose/);
  t.equal((await call('GET', url('purpose=scrape'), { key })).status, 400);
  t.equal((await call('GET', url(`purpose=search&user_agent=${'x'.repeat(101)}`), { key })).status, 400);
  t.equal((await call('GET', url('purpose=search&user_agent=%3Cscript%3E'), { key })).status, 400);
  t.equal((await call('GET', '/api/agents/providers/nobody.test/agent-access?purpose=search', { key })).status, 404);
  t.equal((await call('GET', url('purpose=search'))).status, 401);
});

t.test('the provider page shows the verdicts, and the agents its robots.txt names; compare includes them', async (t) => {
  const page = await app.inject('/provider/robots-gptbot.test');
  t.equal(page.statusCode, 200);
  t.match(page.body, /<h2 id="for-agents">For agents<\/h2>/);
  t.match(page.body, /<th scope="row">search: indexing for search<\/th><td class="verdict-allowed">Allowed<\/td>/);
  t.match(
    page.body,
    /<th scope="row">GPTBot <span class="muted">\(OpenAI\)<\/span><\/th><td>collects content to train models<\/td><td class="verdict-disallowed">Disallowed<\/td>/,
  );
  const banned = await app.inject('/provider/terms-ban.test');
  t.match(banned.body, /<th scope="row">agent-browse: [^<]*<\/th><td class="verdict-disallowed">Disallowed<\/td>/);
  const compared = await call('POST', '/api/agents/compare', { key, body: { slugs: ['plain.test', 'content-signal.test'] } });
  t.equal(compared.status, 200);
  t.match(compared.body.providers[0].agent_access, { 'agent-browse': 'allowed', 'ai-input': 'allowed', search: 'allowed', 'train-ai': 'allowed' });
  t.match(compared.body.providers[1].agent_access, { 'agent-browse': 'allowed', 'ai-input': 'disallowed', search: 'allowed', 'train-ai': 'disallowed' });
  t.type(compared.body.providers[1].agent_access.checked_at, 'string');
});
