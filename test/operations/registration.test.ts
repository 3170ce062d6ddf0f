// Endpoint 1: registration, its body constraints at and just past their bounds, and the
// per-address budget.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, randomAddress } from '../helpers/api.js';

const { app, database } = await buildTestApp(t, { BASE_URL: 'https://tos.example.org' });
const call = apiClient(t, app);

const register = (body: unknown, remoteAddress = randomAddress()) => call('POST', '/api/agents/register', { body, remoteAddress });

t.test('registers an agent and returns the key once, with limits and attribution', async (t) => {
  const res = await register({
    name: 'Research bot',
    accept_terms: true,
    description: 'Reads terms for people',
    contact_url: 'https://bot.example/contact',
    model: 'gpt-x',
  });
  t.equal(res.status, 200);
  t.match(res.body.api_key, /^svc_ak_[0-9a-f]{64}$/);
  t.equal(res.body.name, 'Research bot');
  t.same(res.body.usage_limits, { requests_per_hour: 100, opinions_per_hour: 10 });
  t.equal(res.body.attribution.required, true);
  t.equal(res.body.attribution.url, 'https://tos.example.org');
  t.match(res.body.attribution.text, /ToS Ratings/);
  t.match(res.body.attribution.text, /tos\.example\.org/);

  const me = await call('GET', '/api/agents/me', { key: res.body.api_key });
  t.equal(me.status, 200);
  t.equal(me.body.agent.model, 'gpt-x');
  t.equal(me.body.agent.contact_url, 'https://bot.example/contact');
  t.equal(me.body.agent.description, 'Reads terms for people');
});

t.test('keys are random and stored only as SHA-256 digests', async (t) => {
  const a = await register({ name: 'Key one', accept_terms: true });
  const b = await register({ name: 'Key two', accept_terms: true });
  t.not(a.body.api_key, b.body.api_key);
  const rows = await database.handle.db.selectFrom('agents').select('key_hash').execute();
  const stored = JSON.stringify(rows);
  t.notMatch(stored, /svc_ak_/);
  const { createHash } = await import('node:crypto');
  t.ok(rows.some((r) => r.key_hash === createHash('sha256').update(a.body.api_key).digest('hex')));
});

const valid = { name: 'abc', accept_terms: true };
const cases: [string, unknown, number][] = [
  ['name of 3 characters', { ...valid, name: 'abc' }, 200],
  ['name of 2 characters', { ...valid, name: 'ab' }, 400],
  ['name of 100 characters', { ...valid, name: 'n'.repeat(100) }, 200],
  ['name of 101 characters', { ...valid, name: 'n'.repeat(101) }, 400],
  ['name of 100 emoji (characters, not bytes)', { ...valid, name: '😀'.repeat(100) }, 200],
  ['blank name', { ...valid, name: '     ' }, 400],
  ['missing name', { accept_terms: true }, 400],
  ['name as number', { ...valid, name: 12345 }, 400],
  ['accept_terms false', { ...valid, accept_terms: false }, 400],
  ['accept_terms "true" (not coerced)', { ...valid, accept_terms: 'true' }, 400],
  ['missing accept_terms', { name: 'abc' }, 400],
  ['description of 500', { ...valid, description: 'd'.repeat(500) }, 200],
  ['description of 501', { ...valid, description: 'd'.repeat(501) }, 400],
  ['model of 100', { ...valid, model: 'm'.repeat(100) }, 200],
  ['model of 101', { ...valid, model: 'm'.repeat(101) }, 400],
  ['contact_url not a URI', { ...valid, contact_url: 'not a url' }, 400],
  ['contact_url javascript:', { ...valid, contact_url: 'javascript:alert(1)' }, 400],
  ['unknown field', { ...valid, admin: true }, 400],
  ['array body', [valid], 400],
  ['null body', null, 400],
];
for (const [name, body, status] of cases) {
  t.test(name, async (t) => {
    const res = await register(body);
    t.equal(res.status, status, JSON.stringify(res.body));
    if (status === 400) t.type(res.body.error, 'string');
  });
}

t.test('malformed bodies get 400, 413 or 415 in the error shape', async (t) => {
  const json = { 'content-type': 'application/json' };
  const broken = await call('POST', '/api/agents/register', { raw: '{"name": "abc",', headers: json, remoteAddress: randomAddress() });
  t.equal(broken.status, 400);
  t.equal(broken.body.error, 'request body is not valid JSON');
  const empty = await call('POST', '/api/agents/register', { raw: '', headers: json, remoteAddress: randomAddress() });
  t.equal(empty.status, 400);
  const text = await call('POST', '/api/agents/register', { raw: 'name=abc', headers: { 'content-type': 'text/plain' } });
  t.equal(text.status, 415);
  const form = await call('POST', '/api/agents/register', { raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.equal(form.status, 415);
  const huge = await call('POST', '/api/agents/register', {
    raw: JSON.stringify({ ...valid, description: 'x'.repeat(20_000) }),
    headers: json,
  });
  t.equal(huge.status, 413);
  const proto = await call('POST', '/api/agents/register', {
    raw: '{"name":"abc","accept_terms":true,"__proto__":{"x":1}}',
    headers: json,
    remoteAddress: randomAddress(),
  });
  t.equal(proto.status, 400);
});

t.test('one registration per address per 24 hours, failed ones not counted', async (t) => {
  const address = '127.200.0.7';
  t.equal((await register({ name: 'x' }, address)).status, 400, 'invalid body spends nothing');
  t.equal((await register(valid, address)).status, 200);
  const second = await register(valid, address);
  t.equal(second.status, 429);
  const retryAfter = Number(second.headers['retry-after']);
  t.ok(retryAfter > 23 * 3600 && retryAfter <= 24 * 3600, `Retry-After ${retryAfter}`);
  const { error } = second.body;
  t.match(
    error,
    new RegExp(
      `^registration budget spent: 1 registration per client address per 24 hours; it frees in ${retryAfter} s, at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\. On a server of your own, raise RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY$`,
    ),
    'which budget, when it frees, and the setting a local user can raise',
  );
  t.equal((await register(valid, '127.200.0.8')).status, 200, 'another address has its own budget');
});

// Arbitrary IPv6 sources cannot be bound on this machine: these go through app.inject.
t.test('IPv6 addresses are counted per /64, IPv4-mapped as IPv4', async (t) => {
  t.equal((await register(valid, '2001:db8:1:2::1')).status, 200);
  t.equal((await register(valid, '2001:db8:1:2:ffff::9')).status, 429, 'same /64');
  t.equal((await register(valid, '2001:db8:1:3::1')).status, 200, 'other /64');
  t.equal((await register(valid, '198.51.100.4')).status, 200);
  t.equal((await register(valid, '::ffff:198.51.100.4')).status, 429, 'mapped address is the same client');
});

t.test('X-Forwarded-For is ignored unless TRUST_PROXY is set', async (t) => {
  const address = '127.200.0.50';
  t.equal((await call('POST', '/api/agents/register', { body: valid, remoteAddress: address, headers: { 'x-forwarded-for': '1.1.1.1' } })).status, 200);
  const res = await call('POST', '/api/agents/register', { body: valid, remoteAddress: address, headers: { 'x-forwarded-for': '1.1.1.2' } });
  t.equal(res.status, 429, 'the socket address counts');
});

t.test('concurrent registrations from one address admit exactly one', async (t) => {
  const address = '127.200.0.99';
  const results = await Promise.all(Array.from({ length: 12 }, () => register(valid, address)));
  t.equal(results.filter((r) => r.status === 200).length, 1);
  t.equal(results.filter((r) => r.status === 429).length, 11);
});
