// The document's "Input rules", over real HTTP on the configured database: the 500s found by the
// hostile-input run (huge page numbers, NUL in text) are 400s now, with clear messages, and
// refused requests change nothing.
import t from 'tap';
import { sql } from 'kysely';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { componentSchemas } from '../../src/core/contract/document.js';
import { operationSpecs } from '../../src/core/operation-table.js';

const ADMIN_TOKEN = 'input-rules-admin-token-0123456789';
const { app, database } = await buildTestApp(t, { ADMIN_TOKEN, SEED_DEMO: 'true' });
const call = apiClient(t, app);
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const key = await registerAgent(call);
const slug = 'chirpnest.example';

const PAGINATED: Array<{ url: string; headers: Record<string, string> }> = [
  { url: '/api/agents/providers', headers: { authorization: `Bearer ${key}` } },
  { url: '/api/agents/opinions', headers: {} },
  { url: `/api/agents/providers/${slug}/changes`, headers: { authorization: `Bearer ${key}` } },
  { url: '/api/admin/opinions', headers: admin },
];

t.test('every paginated list refuses page and per_page that are not integers in range', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['page=1e400', /^query\.page must be an integer from 1 to 1000000$/],
    ['page=Infinity', /^query\.page must be an integer from 1 to 1000000$/],
    ['page=-Infinity', /^query\.page must be an integer from 1 to 1000000$/],
    ['page=NaN', /^query\.page must be an integer/],
    ['per_page=1e400', /^query\.per_page must be an integer from 1 to 20$/],
    ['per_page=1e1', /^query\.per_page must be an integer from 1 to 20$/],
    ['page=1.0', /^query\.page must be an integer/],
    ['page=0x10', /^query\.page must be an integer/],
    ['page=%201', /^query\.page must be an integer/],
    ['page=', /^query\.page must be an integer/],
    ['page=9007199254740993', /^query\.page must be an integer/],
    ['page=99999999999999999999999999999', /^query\.page must be an integer/],
    ['page=-0', /^query\.page must be >= 1$/],
    ['page=1000001', /^query\.page must be <= 1000000$/],
    ['page=1&page=2', /^query\.page must be given only once$/],
    ['perpage=5', /^query\.perpage is not allowed$/],
  ];
  for (const { url, headers } of PAGINATED) {
    for (const [query, message] of cases) {
      const res = await call('GET', `${url}?${query}`, { headers });
      t.equal(res.status, 400, `${url}?${query}`);
      t.match(res.body.error, message, `${url}?${query}: ${res.body.error}`);
    }
    t.equal((await call('GET', `${url}?page=1000000&per_page=20`, { headers })).status, 200, 'the largest page is served (empty)');
  }
});

t.test('path integers are decimal safe integers', async (t) => {
  for (const id of ['1e400', 'Infinity', '9007199254740992', '0x1', '1.5', '-1', '0']) {
    const res = await call('POST', `/api/agents/clauses/${id}/rating`, { key, body: { rating: 5 } });
    t.equal(res.status, 400, id);
    t.match(res.body.error, /^path\.id must be/);
  }
  t.equal((await call('DELETE', '/api/admin/opinions/9007199254740991', { headers: admin })).status, 404, 'the largest id is looked up');
});

t.test('found by the fuzz suite: URLs the router refuses still answer 400 {error}', async (t) => {
  const long = await call('GET', `/api/agents/providers/${'a'.repeat(400)}`, { key });
  t.equal(long.status, 400, "a path parameter past the router limit (was 414 with Fastify's own body)");
  t.same(long.body, { error: 'a path parameter is too long' });
  const undecodable = await call('GET', '/api/agents/providers/%ED%A0%80', { key });
  t.equal(undecodable.status, 400, "an unpaired surrogate in the path (was 400 with Fastify's own body)");
  t.same(undecodable.body, { error: 'the URL is not valid (bad percent-encoding)' });
  // The 10,000-case run: a free-text query parameter took the undecoded bytes as its text (200).
  for (const [query, field] of [
    ['query=%ED%A0%80', 'query'],
    ['query=ok%FF', 'query'],
    ['%ED%A0%80=1', ''],
  ] as const) {
    const res = await call('GET', `/api/agents/providers?${query}`, { key });
    t.equal(res.status, 400, `${query}: bytes that are not UTF-8 in the query string`);
    t.equal(
      res.body.error,
      field
        ? `query.${field} must be percent-encoded UTF-8 (its bytes are not valid UTF-8)`
        : 'query field names must be percent-encoded UTF-8 (its bytes are not valid UTF-8)',
    );
  }
  const fine = await call('GET', `/api/agents/providers?query=${encodeURIComponent('Zoë 100%')}+x`, { key });
  t.equal(fine.status, 200, 'valid percent-encoding, + as a space, a literal % encoded');
});

t.test('deeply nested JSON is refused without exhausting the stack', async (t) => {
  const depth = 8000;
  const res = await call('POST', '/api/agents/register', { raw: `${'['.repeat(depth)}${']'.repeat(depth)}`, headers: { 'content-type': 'application/json' } });
  t.equal(res.status, 400);
  const deeper = 1_000_000; // within submitDocument's 4 MiB limit
  const big = await call('POST', `/api/admin/providers/${slug}/documents`, {
    raw: `{"content":${'['.repeat(deeper)}${']'.repeat(deeper)},"format":"text"}`,
    headers: { ...admin, 'content-type': 'application/json' },
  });
  t.equal(big.status, 400);
  t.equal((await call('GET', '/api/agents/opinions')).status, 200, 'and the server goes on');
});

t.test('operations without query parameters refuse any', async (t) => {
  const res = await call('GET', '/api/agents/me?x=1', { key });
  t.equal(res.status, 400);
  t.equal(res.body.error, 'query.x is not allowed');
});

const contentDigest = async () =>
  (
    await sql<{ d: string }>`select md5(string_agg(t::text, '|' order by t::text)) as d from (
    select name, description, model from agents union all select slug, name, description from providers) t`.execute(database.handle.db)
  ).rows[0].d;

t.test('NUL characters and unpaired surrogates are refused in every string field, on this database', async (t) => {
  const before = await contentDigest();
  const bad: Array<[string, RegExp]> = [
    ['a\u0000b', /must not contain NUL characters \(U\+0000\)$/],
    ['a\ud800b', /must not contain unpaired UTF-16 surrogates/],
    ['ab\udc00c', /must not contain unpaired UTF-16 surrogates/],
  ];
  for (const [text, message] of bad) {
    for (const field of ['name', 'description', 'model']) {
      const body = { name: 'Agent name', accept_terms: true, [field]: text };
      const res = await call('POST', '/api/agents/register', { body });
      t.equal(res.status, 400, `register ${field} ${JSON.stringify(text)}`);
      t.match(res.body.error, new RegExp(`^body\\.${field} ${message.source}`));
    }
    const res = await call('POST', '/api/agents/register', { body: { name: 'Agent name', accept_terms: true, [text]: 1 } });
    t.equal(res.status, 400, 'an unknown field name is refused, whatever it holds');
    const query = await call('GET', `/api/agents/opinions?${encodeURIComponent('a\u0000')}=1`);
    t.equal(query.status, 400);
    t.match(query.body.error, /^query field names must not contain NUL/);
    const opinion = await call('POST', '/api/agents/opinions', { key, body: { provider_slug: slug, rating: 5, take: `Fine ${text}` } });
    t.equal(opinion.status, 400);
    t.match(opinion.body.error, /^body\.take must not contain/);
    const created = await call('POST', '/api/admin/providers', {
      headers: admin,
      body: { slug: 'nul.example', name: `Nul ${text}`, domain: 'nul.example', tos_url: 'https://nul.example/terms' },
    });
    t.equal(created.status, 400);
    t.match(created.body.error, /^body\.name must not contain/);
    const steps = await call('PUT', `/api/admin/providers/${slug}/protections`, {
      headers: admin,
      body: { protections: [{ title: 'T', description: 'D', impact: 'low', steps: ['ok', text] }] },
    });
    t.equal(steps.status, 400);
    t.match(steps.body.error, /^body\.protections\.0\.steps\.1 must not contain/);
  }
  // Raw JSON, as a client would send the escapes on the wire.
  const raw = await call('POST', '/api/agents/register', {
    raw: '{"name":"Agent \\u0000","accept_terms":true}',
    headers: { 'content-type': 'application/json' },
  });
  t.equal(raw.status, 400);
  t.equal(await contentDigest(), before, 'nothing was stored');
});

t.test('emoji and other valid Unicode are accepted and stored exactly, lengths in code points', async (t) => {
  const name = '🦊'.repeat(100); // 100 code points, 200 UTF-16 units: at the limit
  const res = await call('POST', '/api/agents/register', { body: { name, accept_terms: true, model: 'm\u{10FFFF}' } });
  t.equal(res.status, 200);
  t.equal(res.body.name, name);
  const me = await call('GET', '/api/agents/me', { key: res.body.api_key });
  t.equal(me.body.agent.model, 'm\u{10FFFF}');
  const over = await call('POST', '/api/agents/register', { body: { name: `${name}a`, accept_terms: true } });
  t.equal(over.status, 400);
});

t.test('the document bounds every integer a request may carry within the exact range', async (t) => {
  const unbounded: string[] = [];
  const visit = (schema: any, where: string, seen: Set<unknown>): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$ref === 'string') return visit(componentSchemas()[schema.$ref.split('/').pop()], where, seen);
    const types = [schema.type].flat();
    if (types.includes('integer') || types.includes('number')) {
      const ok =
        typeof schema.minimum === 'number' &&
        typeof schema.maximum === 'number' &&
        Math.abs(schema.minimum) <= Number.MAX_SAFE_INTEGER &&
        Math.abs(schema.maximum) <= Number.MAX_SAFE_INTEGER;
      if (!ok) unbounded.push(where);
    }
    for (const [name, child] of Object.entries<any>(schema.properties ?? {})) visit(child, `${where}.${name}`, seen);
    if (schema.items) visit(schema.items, `${where}[]`, seen);
    for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) visit(branch, where, seen);
  };
  for (const spec of operationSpecs()) {
    visit(spec.bodySchema, `${spec.operationId} body`, new Set());
    visit(spec.querySchema, `${spec.operationId} query`, new Set());
    visit(spec.paramsSchema, `${spec.operationId} path`, new Set());
  }
  t.same(unbounded, [], 'integers and numbers in requests declare a minimum and maximum within +-(2^53-1)');
});

t.test('a value outside an enum is refused with the allowed values, in the query and in a body', async (t) => {
  const access = await call('GET', `/api/agents/providers/${slug}/agent-access?purpose=scrape`, { key });
  t.same([access.status, access.body], [400, { error: 'query.purpose must be one of: agent-browse, ai-input, search, train-ai' }]);
  const clause = await call('PATCH', '/api/admin/clauses/1', { body: { severity: 'dire' }, headers: admin });
  t.same([clause.status, clause.body], [400, { error: 'body.severity must be one of: critical, high, medium, low' }]);
});
