// Budgets: the shared data budget, the separate opinion budget, exactness under a concurrent
// burst, Retry-After, and budgets that belong to the agent rather than to the key string.
import t from 'tap';
import { buildTestApp } from '../../helpers/test-app.js';
import { apiClient, registerAgent } from '../../helpers/api.js';

const { app } = await buildTestApp(t, { SEED_DEMO: 'true', RATE_LIMIT_REQUESTS_PER_HOUR: '6', RATE_LIMIT_OPINIONS_PER_HOUR: '3' });
const call = apiClient(t, app);
const opinion = { provider_slug: 'chirpnest.example', rating: 4, take: 'fine' };

t.test('endpoints 2, 3, 6, 7 and 8 share one budget; 429 carries Retry-After', async (t) => {
  let key = await registerAgent(call);
  t.equal((await call('GET', '/api/agents/providers', { key })).headers['ratelimit-remaining'], '5');
  t.equal((await call('GET', '/api/agents/providers/chirpnest.example', { key })).status, 200);
  t.equal((await call('GET', '/api/agents/me', { key })).status, 200);
  const regenerated = await call('POST', '/api/agents/me/regenerate', { key });
  key = regenerated.body.api_key;
  t.equal(regenerated.headers['ratelimit-remaining'], '2', 'regenerating does not refill the budget');
  t.equal((await call('GET', '/api/agents/providers', { key })).status, 200);
  const last = await call('GET', '/api/agents/me', { key });
  t.equal(last.status, 200);
  t.equal(last.headers['ratelimit-remaining'], '0');
  t.equal(last.body.agent.request_count, 6);
  for (const [method, url] of [
    ['GET', '/api/agents/providers'],
    ['GET', '/api/agents/me'],
    ['POST', '/api/agents/me/revoke'],
  ] as const) {
    const refused = await call(method, url, { key });
    t.equal(refused.status, 429, `${method} ${url}`);
    const retryAfter = Number(refused.headers['retry-after']);
    t.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    const [, seconds, at] = /^data budget spent: 6 requests an hour per agent; it frees in (\d+) s, at (\S+)$/.exec(refused.body.error) ?? [];
    t.equal(Number(seconds), retryAfter, `which budget and when it frees: ${refused.body.error}`);
    t.ok(Math.abs(Date.parse(at!) - (Date.now() + retryAfter * 1000)) < 5000, 'the time it frees');
  }
  t.equal((await call('POST', '/api/agents/opinions', { key, body: opinion })).status, 200, 'the opinion budget is separate');
});

t.test('the opinion budget: only valid bodies count', async (t) => {
  const key = await registerAgent(call);
  t.equal((await call('POST', '/api/agents/opinions', { key, body: { ...opinion, rating: 0 } })).status, 400);
  for (let i = 0; i < 3; i++) t.equal((await call('POST', '/api/agents/opinions', { key, body: opinion })).status, 200);
  const refused = await call('POST', '/api/agents/opinions', { key, body: opinion });
  t.equal(refused.status, 429);
  t.ok(Number(refused.headers['retry-after']) > 0);
  t.match(refused.body.error, /^opinion budget spent: 3 opinions and clause ratings an hour per agent; it frees in \d+ s, at /);
  t.equal((await call('GET', '/api/agents/me', { key })).status, 200, 'the data budget is separate');
});

t.test('a concurrent burst never admits more than the budget', async (t) => {
  const key = await registerAgent(call);
  const burst = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/agents/providers', { key })));
  t.equal(burst.filter((r) => r.status === 200).length, 6);
  t.equal(burst.filter((r) => r.status === 429).length, 14);
  const opinions = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/agents/opinions', { key, body: opinion })));
  t.equal(opinions.filter((r) => r.status === 200).length, 3);
});

t.test('budgets are per agent', async (t) => {
  const a = await registerAgent(call);
  const b = await registerAgent(call);
  for (let i = 0; i < 6; i++) await call('GET', '/api/agents/me', { key: a });
  t.equal((await call('GET', '/api/agents/me', { key: a })).status, 429);
  t.equal((await call('GET', '/api/agents/me', { key: b })).status, 200);
});
