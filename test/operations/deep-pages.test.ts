// Deep pages of the provider and opinion lists (issue 36): numbered pages up to the window of
// 10,000 items, a 400 that says how to go on past it, and cursors that continue exactly where
// the numbers stop, to the last page, with the order the database itself gives.
import t from 'tap';
import { sql } from 'kysely';
import { MAX_WINDOW } from '../../src/operations/cursor.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { buildTestApp } from '../helpers/test-app.js';

// Ten thousand providers on the embedded database take a while on a busy machine.
t.setTimeout(300_000);
const { app, database } = await buildTestApp(t, { RATE_LIMIT_REQUESTS_PER_HOUR: '100000' });
const db = database.handle.db;
const call = apiClient(t, app);
const key = await registerAgent(call, { name: 'Deep reader', accept_terms: true });

// Just past the window: 10,030 providers (names with ties in case), one opinion each, opinions'
// times in groups of three equal ones so that ids must break ties.
const N = MAX_WINDOW + 30;
await sql`insert into providers (slug, name, domain, tos_url)
  select 'deep-' || i || '.example', case when i % 2 = 0 then 'Deep ' else 'DEEP ' end || (i % 4000), 'deep-' || i || '.example', 'https://deep.example/terms'
  from generate_series(1, ${N}) i`.execute(db);
await sql`insert into agents (name, key_hash) select 'Agent ' || i, lpad(i::text, 64, '0') from generate_series(1, 3) i`.execute(db);
await sql`insert into opinions (agent_id, provider_id, rating, take, created_at)
  select a.id, p.id, 5, 'take ' || p.id, timestamptz '2026-01-01' - make_interval(secs => p.id / 3)
  from providers p join agents a on a.name = 'Agent ' || (1 + p.id % 3)`.execute(db);

const truthOpinions = async (offset: number) =>
  (await sql<{ take: string }>`select take from opinions order by created_at desc, id desc offset ${offset}`.execute(db)).rows.map((r) => r.take);
const truthProviders = async (offset: number) =>
  (await sql<{ slug: string }>`select slug from providers where is_active order by lower(name), slug offset ${offset}`.execute(db)).rows.map((r) => r.slug);

const opinions = (query: string) => call('GET', `/api/agents/opinions?${query}`);
const providers = (query: string) => call('GET', `/api/agents/providers?${query}`, { key });

/** Pages from `first` on by following next_cursor to the end: their items, and each pagination. */
async function walk(first: { body: any }, items: (body: any) => string[], next: (cursor: string) => Promise<{ status: number; body: any }>) {
  const seen = [...items(first.body)];
  const pages = [first.body.pagination];
  for (let cursor = first.body.pagination.next_cursor; cursor !== null;) {
    const res = await next(cursor);
    if (res.status !== 200) throw new Error(`cursor page: ${res.status} ${JSON.stringify(res.body)}`);
    seen.push(...items(res.body));
    pages.push(res.body.pagination);
    cursor = res.body.pagination.next_cursor;
  }
  return { seen, pages };
}

t.test('opinions: numbered pages reach the window, cursors go on from there to the last page in order', async (t) => {
  const last = await opinions(`page=${MAX_WINDOW / 20}&per_page=20`);
  t.equal(last.status, 200);
  t.equal(last.body.pagination.total, N);
  const refused = await opinions(`page=${MAX_WINDOW / 20 + 1}&per_page=20`);
  t.equal(refused.status, 400);
  t.match(refused.body.error, /next_cursor.*cursor/);
  const { seen, pages } = await walk(
    last,
    (body) => body.opinions.map((o: any) => o.take),
    (cursor) => opinions(`cursor=${cursor}`),
  );
  t.same(seen, await truthOpinions(MAX_WINDOW - 20), 'the same opinions, in the same order, as the database gives');
  t.same(
    pages.map((p) => p.page),
    [500, 501, 502],
  );
  t.same(pages.at(-1), { page: 502, per_page: 20, total: N, total_pages: 502, next_cursor: null });
});

t.test('opinions: page 1 by cursor, with ties on created_at broken by id, agrees with the numbers', async (t) => {
  const one = await opinions('per_page=1');
  const { seen } = await walk(
    one,
    (body) => body.opinions.map((o: any) => o.take),
    async (cursor) => {
      const res = await opinions(`cursor=${cursor}&per_page=1`);
      const page = res.body.pagination?.page ?? 0;
      return page >= 8 ? { ...res, body: { ...res.body, pagination: { ...res.body.pagination, next_cursor: null } } } : res;
    },
  );
  t.same(seen, (await truthOpinions(0)).slice(0, 8));
});

t.test('opinions of one provider: the cursor keeps the filter', async (t) => {
  const res = await opinions('provider_slug=deep-7.example');
  t.equal(res.body.pagination.total, 1);
  t.equal(res.body.pagination.next_cursor, null);
  const all = await opinions('per_page=2');
  const other = await opinions(`provider_slug=deep-7.example&cursor=${all.body.pagination.next_cursor}`);
  t.equal(other.status, 400);
  t.match(other.body.error, /another query/);
});

t.test('a numbered page past the last item is still empty with the exact total', async (t) => {
  for (const res of [await opinions('page=1000000'), await providers('page=1000000&per_page=20')]) {
    t.equal(res.status, 200);
    t.equal(res.body.pagination.total, N);
    t.equal(res.body.pagination.next_cursor, null);
    t.same(res.body.opinions ?? res.body.providers, []);
  }
});

t.test('providers: the window, then cursors, in the database order (case-insensitive names, then slug)', async (t) => {
  const last = await providers(`page=${MAX_WINDOW / 20}&per_page=20`);
  t.equal(last.status, 200);
  const refused = await providers(`page=${MAX_WINDOW / 10 + 1}&per_page=10`);
  t.equal(refused.status, 400);
  t.match(refused.body.error, /cursor/);
  const { seen } = await walk(
    last,
    (body) => body.providers.map((p: any) => p.slug),
    (cursor) => providers(`cursor=${cursor}`),
  );
  t.same(seen, await truthProviders(MAX_WINDOW - 20));
});

t.test('providers with a search: the cursor continues the search only', async (t) => {
  const first = await providers('query=deep%2039&per_page=5');
  t.ok(first.body.pagination.total > 5);
  const { seen, pages } = await walk(
    first,
    (body) => body.providers.map((p: any) => p.slug),
    (cursor) => providers(`query=deep%2039&per_page=5&cursor=${cursor}`),
  );
  t.equal(seen.length, first.body.pagination.total);
  t.equal(pages.length, first.body.pagination.total_pages);
  t.ok(seen.every((slug) => slug.startsWith('deep-')));
  const moved = await providers(`query=deep%204&cursor=${first.body.pagination.next_cursor}`);
  t.equal(moved.status, 400);
});

t.test('cursors that this list did not give are refused with 400', async (t) => {
  const page = await opinions('per_page=5');
  const cursor = page.body.pagination.next_cursor;
  const forged = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const cases: [string, string][] = [
    ['not base64url', 'cursor=%2B%2B'],
    ['not JSON', `cursor=${Buffer.from('nope').toString('base64url')}`],
    ['a provider cursor', `cursor=${forged([1, 5, '', 'deep', 'deep-1.example'])}`],
    ['a huge time', `cursor=${forged([1, 5, '', 1e300, 1])}`],
    ['nothing before it', `cursor=${forged([1, 0, '', 0, 1])}`],
    ['another version', `cursor=${forged([2, 5, '', 0, 1])}`],
    ['too long', `cursor=${'A'.repeat(601)}`],
  ];
  for (const [name, query] of cases) {
    const res = await opinions(query);
    t.equal(res.status, 400, name);
    t.type(res.body.error, 'string');
  }
  const second = await opinions(`cursor=${cursor}&per_page=5`);
  t.equal(second.status, 200, 'the cursor as given works');
  t.same(second.body, (await opinions('page=2&per_page=5')).body, 'the same answer as page 2');
  t.same((await opinions(`cursor=${cursor}&per_page=5&page=9`)).body, second.body, 'page is ignored beside a cursor');
  const wider = await opinions(`cursor=${cursor}&per_page=10`);
  t.same(wider.body.opinions, (await opinions('page=1&per_page=15')).body.opinions.slice(5), 'per_page may change');
  t.equal(wider.body.pagination.page, 1, 'the page its first item falls on');
});
