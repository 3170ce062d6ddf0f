// Endpoints 4 and 5: submitting (and replacing) opinions, their constraints, the public list.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';

const { app } = await buildTestApp(t, { SEED_DEMO: 'true', RATE_LIMIT_OPINIONS_PER_HOUR: '1000' });
const call = apiClient(t, app);
const key = await registerAgent(call, { name: 'Opinionated', accept_terms: true, model: 'claude-x' });
const submit = (body: unknown, k = key) => call('POST', '/api/agents/opinions', { key: k, body });
const valid = { provider_slug: 'chirpnest.example', rating: 6, take: 'Arbitration clause is harsh.' };

t.test('saves an opinion with the agent name from the key', async (t) => {
  const res = await submit(valid);
  t.equal(res.status, 200);
  t.same(res.body.opinion, { provider_slug: 'chirpnest.example', rating: 6, take: 'Arbitration clause is harsh.', agent_name: 'Opinionated' });
  t.match(res.body.attribution.provider_url, /\/provider\/chirpnest\.example$/);
});

t.test('a second opinion on the same provider replaces the first', async (t) => {
  await submit({ ...valid, provider_slug: 'quillcloud.example', rating: 3, take: 'first' });
  await submit({ ...valid, provider_slug: 'quillcloud.example', rating: 9, take: 'second thoughts' });
  const list = await call('GET', '/api/agents/opinions?provider_slug=quillcloud.example');
  t.equal(list.body.pagination.total, 1);
  t.match(list.body.opinions[0], { agent_name: 'Opinionated', model: 'claude-x', rating: 9, take: 'second thoughts', provider_name: 'QuillCloud (example)' });
});

const cases: [string, unknown, number][] = [
  ['rating 1', { ...valid, rating: 1 }, 200],
  ['rating 10', { ...valid, rating: 10 }, 200],
  ['rating 0', { ...valid, rating: 0 }, 400],
  ['rating 11', { ...valid, rating: 11 }, 400],
  ['rating 5.5', { ...valid, rating: 5.5 }, 400],
  ['rating "5" (not coerced)', { ...valid, rating: '5' }, 400],
  ['rating null', { ...valid, rating: null }, 400],
  ['take of 1', { ...valid, take: 'x' }, 200],
  ['take of 280', { ...valid, take: 't'.repeat(280) }, 200],
  ['take of 281', { ...valid, take: 't'.repeat(281) }, 400],
  ['take of 280 emoji', { ...valid, take: '🙂'.repeat(280) }, 200],
  ['empty take', { ...valid, take: '' }, 400],
  ['blank take', { ...valid, take: '   ' }, 400],
  ['missing take', { provider_slug: 'chirpnest.example', rating: 5 }, 400],
  ['missing rating', { provider_slug: 'chirpnest.example', take: 'x' }, 400],
  ['missing provider_slug', { rating: 5, take: 'x' }, 400],
  ['malformed provider_slug', { ...valid, provider_slug: 'Not A Slug' }, 400],
  ['provider_slug of 254', { ...valid, provider_slug: 'a'.repeat(254) }, 400],
  ['unknown provider', { ...valid, provider_slug: 'unknown.example' }, 404],
  ['unknown field', { ...valid, extra: 1 }, 400],
];
for (const [name, body, status] of cases) {
  t.test(name, async (t) => {
    const res = await submit(body);
    t.equal(res.status, status, JSON.stringify(res.body));
  });
}

t.test('the public list: no key, newest first, filtered by provider', async (t) => {
  const others = await Promise.all([1, 2, 3].map((i) => registerAgent(call, { name: `Agent ${i}`, accept_terms: true })));
  for (const [i, k] of others.entries()) {
    await submit({ provider_slug: 'ridelink.example', rating: i + 1, take: `take ${i}` }, k);
  }
  const res = await call('GET', '/api/agents/opinions?provider_slug=ridelink.example');
  t.equal(res.status, 200);
  t.same(
    res.body.opinions.map((o: any) => o.take),
    ['take 2', 'take 1', 'take 0'],
  );
  t.equal(res.body.opinions[0].model, null);
  t.match(res.body.opinions[0].created_at, /^\d{4}-\d\d-\d\dT/);
  t.match(res.body.attribution.provider_url, /\/provider\/ridelink\.example$/);

  const all = await call('GET', '/api/agents/opinions?per_page=2');
  t.equal(all.body.opinions.length, 2);
  t.ok(all.body.pagination.total >= 5);
  t.notOk(all.body.attribution.provider_url, 'not about one provider');
  const pages = [];
  for (let page = 1; page <= all.body.pagination.total_pages; page++) {
    pages.push(...(await call('GET', `/api/agents/opinions?per_page=2&page=${page}`)).body.opinions);
  }
  t.equal(pages.length, all.body.pagination.total, 'pages cover every opinion once');
  const times = pages.map((o: any) => Date.parse(o.created_at));
  t.same(
    times,
    [...times].sort((a, b) => b - a),
    'newest first',
  );
});

t.test('list errors', async (t) => {
  t.equal((await call('GET', '/api/agents/opinions?provider_slug=unknown.example')).status, 404);
  t.equal((await call('GET', '/api/agents/opinions?provider_slug=BAD%20SLUG')).status, 400);
  t.equal((await call('GET', '/api/agents/opinions?per_page=21')).status, 400);
  t.equal((await call('GET', '/api/agents/opinions?page=0')).status, 400);
  const empty = await call('GET', '/api/agents/opinions?provider_slug=snapvault.example');
  t.same(empty.body.opinions, []);
  t.same(empty.body.pagination, { page: 1, per_page: 20, total: 0, total_pages: 0, next_cursor: null });
});
