// Endpoints 2 and 3: the provider list, its pagination and order, and one provider's detail.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true', BASE_URL: 'https://ratings.example.net/' });
const call = apiClient(t, app);
const key = await registerAgent(call);
const db = database.handle.db;

// More providers than one page, with names that test the order (case, ties broken by slug).
const extra = Array.from({ length: 23 }, (_, i) => ({
  slug: `p${String(i).padStart(2, '0')}.test`,
  name: i % 2 ? `provider ${String(i).padStart(2, '0')}` : `Provider ${String(i).padStart(2, '0')}`,
  domain: `p${i}.test`,
  description: '',
  tos_url: `https://p${i}.test/terms`,
}));
await db.insertInto('providers').values(extra).execute();
await db
  .insertInto('providers')
  .values([
    { slug: 'twin-b.test', name: 'Twin', domain: 'b.test', description: '', tos_url: 'https://b.test/t' },
    { slug: 'twin-a.test', name: 'Twin', domain: 'a.test', description: '', tos_url: 'https://a.test/t' },
    { slug: 'hidden.test', name: 'Hidden', domain: 'h.test', description: '', tos_url: 'https://h.test/t', is_active: false },
  ])
  .execute();
const ACTIVE = DEMO_PROVIDERS.length + extra.length + 2;

t.test('lists active providers with pagination, in a stable total order', async (t) => {
  const first = await call('GET', '/api/agents/providers', { key });
  t.equal(first.status, 200);
  t.match(first.body.pagination, { page: 1, per_page: 20, total: ACTIVE, total_pages: Math.ceil(ACTIVE / 20), next_cursor: String });
  t.equal(first.body.providers.length, 20);
  t.equal(first.body.attribution.url, 'https://ratings.example.net');
  t.notOk(first.body.attribution.provider_url);
  const second = await call('GET', '/api/agents/providers?page=2', { key });
  const all = [...first.body.providers, ...second.body.providers];
  t.equal(all.length, ACTIVE);
  const byCursor = await call('GET', `/api/agents/providers?cursor=${first.body.pagination.next_cursor}`, { key });
  t.same(byCursor.body, second.body, 'the next cursor gives page 2');
  t.equal(new Set(all.map((p: any) => p.slug)).size, ACTIVE, 'no provider twice across pages');
  t.notOk(
    all.some((p: any) => p.slug === 'hidden.test'),
    'inactive providers are not listed',
  );
  const keys = all.map((p: any) => [p.name.toLowerCase(), p.slug]);
  const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  t.same(keys, sorted, 'ordered by name (case-insensitive), then slug');
  const twins = all.filter((p: any) => p.name === 'Twin').map((p: any) => p.slug);
  t.same(twins, ['twin-a.test', 'twin-b.test']);
  const chirp = all.find((p: any) => p.slug === 'chirpnest.example');
  t.equal(chirp.clause_count, 4);
  t.ok(chirp.overall_rating >= 1 && chirp.overall_rating <= 10);
});

t.test('per_page and page bounds', async (t) => {
  t.equal((await call('GET', '/api/agents/providers?per_page=1', { key })).body.providers.length, 1);
  t.equal((await call('GET', '/api/agents/providers?per_page=20', { key })).body.providers.length, 20);
  for (const query of ['per_page=0', 'per_page=21', 'page=0', 'page=-1', 'page=abc', 'per_page=1.5', 'page=']) {
    const res = await call('GET', `/api/agents/providers?${query}`, { key });
    t.equal(res.status, 400, query);
    t.match(res.body.error, /query\./);
  }
  const past = await call('GET', '/api/agents/providers?page=99', { key });
  t.equal(past.status, 200);
  t.same(past.body.providers, []);
  t.equal(past.body.pagination.total, ACTIVE);
});

t.test('one provider with all its clauses and protections', async (t) => {
  const demo = DEMO_PROVIDERS.find((p) => p.slug === 'tunetide.example')!;
  const res = await call('GET', '/api/agents/providers/tunetide.example', { key });
  t.equal(res.status, 200);
  const { provider, clauses, protections, attribution } = res.body;
  const body = res.body;
  t.match(provider, { slug: demo.slug, name: demo.name, domain: demo.domain, description: demo.description, tos_url: demo.tos_url });
  t.same(provider.band, { level: 'low', label: 'Low concern', colour: '#166534' }, 'the band of its rating, from the one band function');
  t.ok(provider.rating_reasons.reasons.length > 0, 'why this rating');
  t.equal(provider.rating_history.length, 1, 'one point: its terms as seeded');
  t.equal(provider.clause_count, demo.clauses.length);
  t.equal(provider.total_votes, 0);
  t.equal(attribution.provider_url, 'https://ratings.example.net/provider/tunetide.example');
  t.same(
    clauses.map((c: any) => c.severity),
    ['high', 'high', 'medium', 'low'],
    'most severe first',
  );
  for (const clause of demo.clauses) {
    const shown = clauses.find((c: any) => c.clause_text === clause.clause_text);
    t.ok(shown, clause.title);
    t.match(
      shown,
      { ...clause, community_rating: null, community_votes: 0, party: 'provider', confidence: 'high' },
      'hand-entered clauses: the provider’s, high confidence',
    );
    t.type(shown.id, 'number');
  }
  // The guides rest on the demo's own clauses and facts: every piece of evidence is one of them.
  t.ok(protections.length > 0);
  for (const g of protections)
    for (const e of g.evidence ?? [])
      t.ok(
        e.clause_id !== null ? clauses.some((c: any) => c.id === e.clause_id && c.clause_text === e.quote) : body.facts[e.fact] !== null,
        `${g.title}: ${e.quote}`,
      );
});

t.test('unknown, inactive and malformed slugs', async (t) => {
  t.equal((await call('GET', '/api/agents/providers/nope.example', { key })).status, 404);
  t.equal((await call('GET', '/api/agents/providers/hidden.test', { key })).status, 404);
  t.equal((await call('GET', '/api/agents/providers/UPPER', { key })).status, 400);
  t.equal((await call('GET', '/api/agents/providers/a_b', { key })).status, 400);
  t.equal((await call('GET', `/api/agents/providers/${'a'.repeat(253)}`, { key })).status, 404, '253 characters reach the handler');
  t.equal((await call('GET', `/api/agents/providers/${'a'.repeat(254)}`, { key })).status, 400, '254 is too long');
  t.equal((await call('GET', '/api/agents/providers/%3Cscript%3E', { key })).status, 400);
});

t.test('a 253-character slug is served', async (t) => {
  const slug = `${'s'.repeat(249)}.com`;
  await db.insertInto('providers').values({ slug, name: 'Long', domain: 'long.com', description: '', tos_url: 'https://long.com/t' }).execute();
  const res = await call('GET', `/api/agents/providers/${slug}`, { key });
  t.equal(res.status, 200);
  t.equal(res.body.provider.slug, slug);
});

t.test('query: providers whose name or domain contains the text, case-insensitively', async (t) => {
  const byName = await call('GET', '/api/agents/providers?query=TWIN', { key });
  t.same(
    byName.body.providers.map((p: any) => p.slug),
    ['twin-a.test', 'twin-b.test'],
  );
  t.equal(byName.body.pagination.total, 2);
  const byDomain = await call('GET', '/api/agents/providers?query=%20a.test%20', { key });
  t.same(
    byDomain.body.providers.map((p: any) => p.slug),
    ['twin-a.test'],
    'white space at either end ignored',
  );
  const wildcard = await call('GET', '/api/agents/providers?query=%25', { key });
  t.same(wildcard.body.pagination.total, 0, 'LIKE wildcards are literal');
  const paged = await call('GET', '/api/agents/providers?query=provider&per_page=5&page=5', { key });
  t.same([paged.body.providers.length, paged.body.pagination.total, paged.body.pagination.total_pages], [3, 23, 5]);
  t.equal((await call('GET', '/api/agents/providers?query=hidden', { key })).body.pagination.total, 0, 'inactive ones stay hidden');
  t.same((await call('GET', '/api/agents/providers?query=%20%20', { key })).body, { error: 'query.query must not be blank' });
  t.same((await call('GET', `/api/agents/providers?query=${'x'.repeat(101)}`, { key })).body, { error: 'query.query must NOT have more than 100 characters' });
});
