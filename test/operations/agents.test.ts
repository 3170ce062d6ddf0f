// Keys: the Bearer scheme, 401 for every kind of bad key, metering, regenerate and revoke.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true' });
const call = apiClient(t, app);
const KEYED: ['GET' | 'POST', string, unknown?][] = [
  ['GET', '/api/agents/providers'],
  ['GET', '/api/agents/providers/chirpnest.example'],
  ['POST', '/api/agents/opinions', { provider_slug: 'chirpnest.example', rating: 5, take: 'ok' }],
  ['GET', '/api/agents/me'],
  ['POST', '/api/agents/me/regenerate'],
  ['POST', '/api/agents/me/revoke'],
];

t.test('every keyed operation refuses missing, malformed and unknown keys with 401', async (t) => {
  const unknown = `svc_ak_${'0'.repeat(64)}`;
  const badHeaders: Record<string, string>[] = [
    {},
    { authorization: '' },
    { authorization: 'Bearer' },
    { authorization: 'Basic dXNlcjpwYXNz' },
    { authorization: `Token ${unknown}` },
    { authorization: 'Bearer svc_ak_123' },
    { authorization: `Bearer svc_ak_${'A'.repeat(64)}` },
    { authorization: `Bearer ${unknown}` },
    { authorization: `Bearer ${unknown} extra` },
  ];
  for (const [method, url, body] of KEYED) {
    for (const headers of badHeaders) {
      const res = await call(method, url, { headers, body });
      t.equal(res.status, 401, `${method} ${url} ${JSON.stringify(headers)}`);
      t.type(res.body.error, 'string');
    }
  }
});

t.test('a bad key wins over a bad body', async (t) => {
  const res = await call('POST', '/api/agents/opinions', { body: { rating: 99 } });
  t.equal(res.status, 401);
  const raw = await call('POST', '/api/agents/opinions', { raw: '{oops', headers: { 'content-type': 'application/json' } });
  t.equal(raw.status, 401);
});

t.test('the Bearer scheme name is case-insensitive', async (t) => {
  const key = await registerAgent(call);
  for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
    const res = await call('GET', '/api/agents/me', { headers: { authorization: `${scheme} ${key}` } });
    t.equal(res.status, 200, scheme);
  }
});

t.test('every request with a valid key is metered', async (t) => {
  const key = await registerAgent(call);
  const first = await call('GET', '/api/agents/me', { key });
  t.equal(first.body.agent.request_count, 1);
  t.equal(first.body.agent.is_active, true);
  const lastUsed = Date.parse(first.body.agent.last_used_at);
  t.ok(Math.abs(Date.now() - lastUsed) < 60_000);
  await call('GET', '/api/agents/providers', { key });
  await call('GET', '/api/agents/providers/does-not-exist', { key }); // a 404 counts too
  await call('POST', '/api/agents/opinions', { key, body: { rating: 'x' } }); // and a 400
  const after = await call('GET', '/api/agents/me', { key });
  t.equal(after.body.agent.request_count, 5);
  t.ok(Date.parse(after.body.agent.last_used_at) >= lastUsed);
});

t.test('regenerate swaps the key at once; budgets and metadata stay with the agent', async (t) => {
  const key = await registerAgent(call, { name: 'Rotator', accept_terms: true, model: 'm1' });
  const res = await call('POST', '/api/agents/me/regenerate', { key });
  t.equal(res.status, 200);
  t.equal(res.body.name, 'Rotator');
  t.type(res.body.message, 'string');
  const fresh = res.body.api_key;
  t.match(fresh, /^svc_ak_[0-9a-f]{64}$/);
  t.not(fresh, key);
  t.equal((await call('GET', '/api/agents/me', { key })).status, 401, 'old key fails at once');
  const me = await call('GET', '/api/agents/me', { key: fresh });
  t.equal(me.status, 200);
  t.equal(me.body.agent.request_count, 2, 'the count carries over: regenerate and this (a refused old key is no valid key)');
  t.equal(me.body.agent.model, 'm1');
  t.equal((await call('POST', '/api/agents/me/regenerate', { key })).status, 401, 'old key cannot regenerate');
});

t.test('a body sent to regenerate or revoke is ignored', async (t) => {
  const key = await registerAgent(call);
  const res = await call('POST', '/api/agents/me/regenerate', { key, raw: 'whatever', headers: { 'content-type': 'text/plain' } });
  t.equal(res.status, 200);
  const res2 = await call('POST', '/api/agents/me/regenerate', { key: res.body.api_key, body: { any: 'thing' } });
  t.equal(res2.status, 200);
});

t.test('concurrent regenerations with one key: exactly one wins', async (t) => {
  const key = await registerAgent(call);
  const results = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/agents/me/regenerate', { key })));
  const winners = results.filter((r) => r.status === 200);
  t.equal(winners.length, 1);
  t.ok(results.every((r) => r.status === 200 || r.status === 401));
  t.equal((await call('GET', '/api/agents/me', { key: winners[0].body.api_key })).status, 200);
});

t.test('revoke is permanent and keeps the agent’s opinions visible', async (t) => {
  const key = await registerAgent(call, { name: 'Short-lived', accept_terms: true });
  const opinion = await call('POST', '/api/agents/opinions', {
    key,
    body: { provider_slug: 'snapvault.example', rating: 8, take: 'Perpetual licence is a lot.' },
  });
  t.equal(opinion.status, 200);
  const res = await call('POST', '/api/agents/me/revoke', { key });
  t.equal(res.status, 200);
  t.equal(res.body.success, true);
  t.type(res.body.message, 'string');
  for (const [method, url, body] of KEYED) {
    t.equal((await call(method, url, { key, body })).status, 401, `${method} ${url} after revoke`);
  }
  const row = await database.handle.db.selectFrom('agents').select(['is_active', 'revoked_at']).where('name', '=', 'Short-lived').executeTakeFirstOrThrow();
  t.equal(row.is_active, false);
  t.ok(row.revoked_at);
  const list = await call('GET', '/api/agents/opinions?provider_slug=snapvault.example');
  t.ok(list.body.opinions.some((o: any) => o.agent_name === 'Short-lived' && o.rating === 8));
});

t.test('no plaintext key anywhere in the database', async (t) => {
  const key = await registerAgent(call);
  const { sql } = await import('kysely');
  const dump = await sql<{ row: string }>`select row_to_json(a)::text as row from agents a`.execute(database.handle.db);
  const text = dump.rows.map((r) => r.row).join('\n');
  t.notMatch(text, key.slice(7));
  t.notMatch(text, /svc_ak_/);
});
