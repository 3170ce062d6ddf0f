// TRUST_PROXY=true: the client address comes from X-Forwarded-For; operators' limits are reported.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient } from '../helpers/api.js';

const { app } = await buildTestApp(t, {
  TRUST_PROXY: 'true',
  RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '2',
  RATE_LIMIT_REQUESTS_PER_HOUR: '250',
  RATE_LIMIT_OPINIONS_PER_HOUR: '25',
});
const call = apiClient(t, app);
const body = { name: 'Proxy bot', accept_terms: true };
const via = (forwarded: string) => call('POST', '/api/agents/register', { body, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });

t.test('usage_limits reports the values in force', async (t) => {
  const res = await via('198.51.100.1');
  t.same(res.body.usage_limits, { requests_per_hour: 250, opinions_per_hour: 25 });
});

t.test('budgets follow the forwarded address', async (t) => {
  t.equal((await via('198.51.100.2')).status, 200);
  t.equal((await via('198.51.100.2')).status, 200);
  t.equal((await via('198.51.100.2')).status, 429, 'limit of 2 from the environment');
  t.equal((await via('198.51.100.3')).status, 200, 'another forwarded client');
});
