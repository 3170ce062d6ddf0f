// Contract facts through every door: `tos-ratings analyze FILE` and POST /api/agents/analyze give the
// same facts for the same document; a provider's current version carries its facts to endpoint 3 and
// to the comparison, over HTTP and MCP alike, with offsets into the stored text that
// GET /api/agents/providers/{slug}/terms returns; facts stored by older readers (or none) are read again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { cli, TERMS } from '../helpers/cli.js';
import { httpClient, structured } from '../helpers/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FACT_NAMES, FACTS_VERSION, readFacts } from '../../src/analysis/index.js';
import { refreshStaleFacts } from '../../src/ingest/index.js';

const ADMIN_TOKEN = 'test-admin-token-facts-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const { app, database } = await buildTestApp(t, { ADMIN_TOKEN });
const db = database.handle.db;
const call = apiClient(t, app);
const key = await registerAgent(call);

const DOCUMENT = `# Terms of Service of Example Co.

You must be at least 16 years old to use the Service.

We may suspend or terminate your account at any time, for any reason, without notice.

You and Example Co. agree to resolve any dispute through final and binding arbitration. You may only bring claims in your individual capacity and not as a plaintiff or class member in any class action.

In no event shall our total liability exceed the greater of one hundred dollars ($100) or the amount you paid us in the past twelve (12) months.

These Terms are governed by the laws of the State of California.

We may modify these Terms at any time. We will notify you by email at least 30 days before changes take effect.

You will not use any robot, spider, scraper or other automated means to access the Service.
`;

t.test('the CLI and the API give the same facts for the same document', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facts-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const documents: [string, string][] = [['terms.md', DOCUMENT]];
  // A real terms document too, when the shared corpus is there.
  if (fs.existsSync(path.join(TERMS, 'Bluesky.md'))) documents.push(['bluesky.md', fs.readFileSync(path.join(TERMS, 'Bluesky.md'), 'utf8')]);
  for (const [name, content] of documents) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    const res = cli(['analyze', file]);
    t.equal(res.status, 0, res.stderr);
    const fromCli = JSON.parse(res.stdout).facts;
    const fromApi = await call('POST', '/api/agents/analyze', { key, body: { text: content } });
    t.equal(fromApi.status, 200);
    t.same(fromApi.body.facts, fromCli, `${name}: the same facts`);
    t.same(Object.keys(fromCli), [...FACT_NAMES], `${name}: the nine facts`);
  }
  const facts = JSON.parse(cli(['analyze', path.join(dir, 'terms.md')]).stdout).facts;
  t.same(facts.governing_law.place, 'California');
  t.same(facts.minimum_age.years, 16);
  t.same([facts.arbitration.mandatory, facts.arbitration.class_action_waiver, facts.arbitration.opt_out_days], [true, true, null]);
  t.same([facts.liability_cap.amount, facts.liability_cap.currency, facts.liability_cap.fees_paid_months], [100, 'USD', 12]);
  t.same([facts.terms_changes.notice, facts.terms_changes.notice_days], ['notified', 30]);
  t.same([facts.provider_termination.without_notice, facts.provider_termination.without_cause], [true, true]);
  t.equal(facts.automated_access.forbidden, true);
  t.equal(facts.courts, null, 'no courts named');
  t.equal(facts.claim_time_limit, null, 'no time limit');
  for (const name of FACT_NAMES)
    for (const e of facts[name]?.evidence ?? []) t.equal(DOCUMENT.slice(e.start, e.end), e.quote, `${name}: a verbatim quote, where it stands in the file`);
});

t.test("a provider's current version carries its facts to endpoint 3 and to the comparison", async (t) => {
  const provider = { slug: 'facts.example', name: 'Facts Example', domain: 'facts.example', tos_url: 'https://facts.example/terms' };
  t.equal((await call('POST', '/api/admin/providers', { body: provider, headers: admin })).status, 200);
  const before = await call('GET', '/api/agents/providers/facts.example', { key });
  t.equal(before.status, 200);
  t.equal(before.body.facts, null, 'no terms analysed yet: null');
  t.same((await call('GET', '/api/agents/providers/facts.example/terms', { key })).body.terms, null, 'no terms text yet');
  t.same((await call('GET', '/api/agents/providers/nope.example/terms', { key })).status, 404);
  const ingested = await call('POST', '/api/admin/providers/facts.example/documents', { body: { content: DOCUMENT, format: 'markdown' }, headers: admin });
  t.equal(ingested.status, 200);

  const version = await db.selectFrom('document_versions').select(['text', 'facts', 'facts_version']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  t.equal(version.facts_version, FACTS_VERSION);
  const detail = await call('GET', '/api/agents/providers/facts.example', { key });
  t.equal(detail.status, 200);
  t.same(detail.body.facts, readFacts(version.text), 'the facts of the stored text');
  for (const name of FACT_NAMES)
    for (const e of detail.body.facts[name]?.evidence ?? []) t.equal(version.text.slice(e.start, e.end), e.quote, `${name}: offsets into the version`);
  // The stored text the offsets index, as the API gives it.
  const terms = await call('GET', '/api/agents/providers/facts.example/terms', { key });
  t.equal(terms.status, 200);
  t.equal(terms.body.terms.text, version.text, 'the API returns the stored text');
  t.match(terms.body.terms, { format: 'markdown', source_url: null, is_english: true, sha256: /^[0-9a-f]{64}$/ });
  let checked = 0;
  for (const name of FACT_NAMES)
    for (const e of detail.body.facts[name]?.evidence ?? []) t.equal(terms.body.terms.text.slice(e.start, e.end), e.quote, `${name}: ${++checked}`);
  for (const c of detail.body.in_your_favour) t.equal(terms.body.terms.text.slice(c.start, c.end), c.clause_text, 'in your favour');
  t.ok(checked >= 7, 'every fact found');

  const other = { slug: 'nofacts.example', name: 'No Facts', domain: 'nofacts.example', tos_url: 'https://nofacts.example/terms' };
  t.equal((await call('POST', '/api/admin/providers', { body: other, headers: admin })).status, 200);
  const compared = await call('POST', '/api/agents/compare', { key, body: { slugs: ['facts.example', 'nofacts.example'] } });
  t.equal(compared.status, 200, JSON.stringify(compared.body));
  t.same(compared.body.providers[0].facts, detail.body.facts, 'side by side: the same facts');
  t.equal(compared.body.providers[1].facts, null, 'a provider without an analysed document');
});

t.test('facts read by older readers, or never, are read again', async (t) => {
  await sql`update document_versions set facts = null, facts_version = null`.execute(db);
  t.equal((await call('GET', '/api/agents/providers/facts.example', { key })).body.facts, null);
  t.equal(await refreshStaleFacts(db), 1, 'the current version');
  t.equal(await refreshStaleFacts(db), 0, 'nothing left');
  const { text } = await db.selectFrom('document_versions').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
  t.same((await call('GET', '/api/agents/providers/facts.example', { key })).body.facts, readFacts(text));
  // A document with the same words again: the stored version's stale facts are read again too.
  await sql`update document_versions set facts_version = ${FACTS_VERSION - 1}`.execute(db);
  const again = await call('POST', '/api/admin/providers/facts.example/documents', { body: { content: DOCUMENT, format: 'markdown' }, headers: admin });
  t.equal(again.body.status, 'unchanged');
  const stored = await db.selectFrom('document_versions').select('facts_version').orderBy('id', 'desc').executeTakeFirstOrThrow();
  t.equal(stored.facts_version, FACTS_VERSION);
});

t.test('the MCP tools get_provider, analyze_terms and compare_providers give the same facts', async (t) => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const client = await httpClient(t, base, key);
  const tool = async (name: string, args: Record<string, unknown>) => structured((await client.callTool({ name, arguments: args })) as CallToolResult);
  const detail = (await call('GET', '/api/agents/providers/facts.example', { key })).body;
  t.same((await tool('get_provider', { slug: 'facts.example' })).facts, detail.facts);
  t.same((await tool('analyze_terms', { text: DOCUMENT })).facts, (await call('POST', '/api/agents/analyze', { key, body: { text: DOCUMENT } })).body.facts);
  // Offsets index the caller's own text over MCP too (white space as sent, for plain text).
  const plain = 'Preamble.\r\n\r\nWe  may terminate your account at any time,  without notice.';
  const analysed = await tool('analyze_terms', { text: plain, format: 'text' });
  t.ok(analysed.clauses.length > 0);
  for (const c of analysed.clauses) t.equal(plain.slice(c.start, c.end), c.clause_text, 'analyze_terms: text.slice(start, end) is the quote');
  const compared = await tool('compare_providers', { slugs: ['facts.example', 'nofacts.example'] });
  t.same(
    compared.providers.map((p: { facts: unknown }) => p.facts),
    [detail.facts, null],
  );
});

t.test('what the terms give the user comes with the facts: API, CLI, MCP, endpoint 3 and the page', async (t) => {
  const GIVES = `${DOCUMENT}\nYou may cancel your subscription and end this agreement at any time.\n\nNothing in these Terms limits your statutory rights as a consumer.\n`;
  const fromApi = await call('POST', '/api/agents/analyze', { key, body: { text: GIVES } });
  t.equal(fromApi.status, 200);
  t.same(
    fromApi.body.in_your_favour.map((c: { kind: string }) => c.kind),
    ['duty', 'right', 'consumer-law'],
    'the notice promised, the right to cancel, consumer law kept',
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favour-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'gives.md'), GIVES);
  t.same(JSON.parse(cli(['analyze', path.join(dir, 'gives.md')]).stdout).in_your_favour, fromApi.body.in_your_favour, 'the CLI gives the same');

  const provider = { slug: 'gives.example', name: 'Gives Example', domain: 'gives.example', tos_url: 'https://gives.example/terms' };
  t.equal((await call('POST', '/api/admin/providers', { body: provider, headers: admin })).status, 200);
  t.same((await call('GET', '/api/agents/providers/gives.example', { key })).body.in_your_favour, [], 'no terms analysed: none');
  const ingested = await call('POST', '/api/admin/providers/gives.example/documents', { body: { content: GIVES, format: 'markdown' }, headers: admin });
  t.equal(ingested.status, 200);
  const detail = (await call('GET', '/api/agents/providers/gives.example', { key })).body;
  t.equal(detail.in_your_favour.length, 3);
  const { text } = await db.selectFrom('document_versions').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
  for (const c of detail.in_your_favour) t.equal(text.slice(c.start, c.end), c.clause_text, 'offsets into the stored version');
  t.notOk(
    detail.clauses.some((c: { clause_text: string }) => detail.in_your_favour.some((f: { clause_text: string }) => f.clause_text === c.clause_text)),
    'none of them among the concerning clauses',
  );

  // Stored before the column existed: read again with the facts.
  await sql`update document_versions set in_your_favour = null, facts_version = ${FACTS_VERSION - 1}`.execute(db);
  t.same((await call('GET', '/api/agents/providers/gives.example', { key })).body.in_your_favour, []);
  t.ok((await refreshStaleFacts(db)) >= 1);
  t.same((await call('GET', '/api/agents/providers/gives.example', { key })).body.in_your_favour, detail.in_your_favour, 'read again at start');

  const page = await app.inject({ method: 'GET', url: '/provider/gives.example' });
  t.equal(page.statusCode, 200);
  t.match(page.body, /<h2 id="in-your-favour">In your favour<\/h2>/);
  t.match(page.body, /You may cancel your subscription and end this agreement at any time\./);

  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const client = await httpClient(t, base, key);
  const got = structured((await client.callTool({ name: 'get_provider', arguments: { slug: 'gives.example' } })) as CallToolResult);
  t.same(got.in_your_favour, detail.in_your_favour, 'MCP get_provider gives the same');
});
