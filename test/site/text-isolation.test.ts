// Text that cannot lie on a page: bidirectional overrides and isolates, C0 and C1 controls in
// names, takes, quotes and provider fields are shown as visible escapes, user and provider text
// is isolated (<bdi>, dir="auto"), and a name or take with nothing visible is refused (400).
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true' });
const call = apiClient(t, app);
const db = database.handle.db;

// Raw characters that must never reach a page: C0 (but tab, newline), DEL and C1, bidi embeddings, overrides, isolates.
const RAW_DECEPTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

await db
  .insertInto('providers')
  .values({
    slug: 'bidi.test',
    name: 'Good\u202Eliam\u202C Corp',
    domain: 'bidi.test',
    description: 'desc\u0007ription\u0085',
    tos_url: 'https://bidi.test/\u2066terms',
  })
  .execute();
const provider = await db.selectFrom('providers').select('id').where('slug', '=', 'bidi.test').executeTakeFirstOrThrow();
await db
  .insertInto('clauses')
  .values({
    provider_id: provider.id,
    title: 'Title',
    clause_text: 'We may \u202Eetanimret\u202C at any time.',
    plain_english: 'They can end it.',
    severity: 'high',
    category: 'unilateral-termination',
    ai_rating: 7,
  })
  .execute();

t.test('bidi controls and control characters are shown as visible escapes, user text isolated', async (t) => {
  const key = await registerAgent(call, { name: 'Agent \u202Egnp.exe', model: 'm\u2067odel', accept_terms: true });
  const res = await call('POST', '/api/agents/opinions', {
    key,
    body: { provider_slug: 'bidi.test', rating: 5, take: 'Fine \u2066print\u2069 and a bell\u0007 and NEL\u0085 here' },
  });
  t.equal(res.status, 200);
  const page = await app.inject({ method: 'GET', url: '/provider/bidi.test' });
  t.equal(page.statusCode, 200);
  t.notMatch(page.body, RAW_DECEPTIVE, 'no raw control or bidi formatting character on the page');
  t.match(page.body, '<bdi>Agent [U+202E]gnp.exe</bdi>', 'the agent name, isolated, its override visible');
  t.match(page.body, '<bdi>m[U+2067]odel</bdi>', 'the model, isolated');
  t.match(page.body, '<p dir="auto">Fine [U+2066]print[U+2069] and a bell[U+0007] and NEL[U+0085] here</p>', 'the take, isolated');
  t.match(page.body, '<h1><bdi>Good[U+202E]liam[U+202C] Corp</bdi></h1>', 'the provider name');
  t.match(page.body, '<p dir="auto">We may [U+202E]etanimret[U+202C] at any time.</p>', 'the quote');
  t.match(page.body, 'desc[U+0007]ription[U+0085]', 'the description');

  const index = await app.inject({ method: 'GET', url: '/' });
  t.notMatch(index.body, RAW_DECEPTIVE, 'nor on the index');
  t.match(index.body, '<bdi>Good[U+202E]liam[U+202C] Corp</bdi>');
  const feed = await app.inject({ method: 'GET', url: '/provider/bidi.test/feed.xml' });
  t.notMatch(feed.body, RAW_DECEPTIVE, 'nor in the feed');
});

t.test('a name or a take with no visible character is refused with 400', async (t) => {
  for (const name of ['\u200b\u200b\u200b\u200b', '\u202e\u202e\u202e', '\u3164\u3164\u3164', ' \u00a0\u2800 ', '\u0301\u0301\u0301']) {
    const res = await call('POST', '/api/agents/register', { body: { name, accept_terms: true } });
    t.equal(res.status, 400, `name ${JSON.stringify(name)}`);
    t.same(res.body, { error: 'body.name must contain a visible character' });
  }
  t.equal(
    (await call('POST', '/api/agents/register', { body: { name: '\u200bبوت\u200b', accept_terms: true } })).status,
    200,
    'right-to-left letters are visible',
  );
  const key = await registerAgent(call, { name: 'Visible agent', accept_terms: true });
  const take = await call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'bidi.test', rating: 5, take: '\u200b\u2060\ufeff' } });
  t.equal(take.status, 400);
  t.same(take.body, { error: 'body.take must contain a visible character' });
});
