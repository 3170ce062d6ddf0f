// TRUST_PROXY: the client address comes from X-Forwarded-For only as far as the proxies in front
// are trusted (a number of hops, or their addresses and networks); `true` is refused; logs record
// the address the limits used; operators' limits are reported.
import t from 'tap';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp } from '../helpers/test-app.js';
import { freshDatabase } from '../helpers/database.js';
import { apiClient } from '../helpers/api.js';

const body = { name: 'Proxy bot', accept_terms: true };

t.test('TRUST_PROXY=true is refused with what to write instead', async (t) => {
  t.throws(() => loadConfig({ TRUST_PROXY: 'true' }), { constructor: ConfigError, message: /TRUST_PROXY=1/ });
  t.throws(() => loadConfig({ TRUST_PROXY: 'proxy.example' }), { constructor: ConfigError, message: /TRUST_PROXY must be/ });
  t.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), { constructor: ConfigError, message: /TRUST_PROXY must be/ });
  t.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
  t.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy, ['10.0.0.1', '10.1.0.0/16', '::1']);
});

t.test('TRUST_PROXY=1: the right-most X-Forwarded-For entry, appended by the proxy, is the client', async (t) => {
  const { app } = await buildTestApp(t, {
    TRUST_PROXY: '1',
    RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '2',
    RATE_LIMIT_REQUESTS_PER_HOUR: '250',
    RATE_LIMIT_OPINIONS_PER_HOUR: '25',
  });
  const call = apiClient(t, app);
  const via = (forwarded: string) => call('POST', '/api/agents/register', { body, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });

  t.same((await via('198.51.100.1')).body.usage_limits, { requests_per_hour: 250, opinions_per_hour: 25 }, 'usage_limits reports the values in force');
  t.equal((await via('198.51.100.2')).status, 200);
  t.equal((await via('198.51.100.2')).status, 200);
  t.equal((await via('198.51.100.2')).status, 429, 'limit of 2 from the environment');
  t.equal((await via('198.51.100.3')).status, 200, 'another forwarded client');

  // A client that writes its own X-Forwarded-For: the proxy appends the real address after it.
  const spoofed = await Promise.all([1, 2, 3, 4, 5].map((n) => via(`10.9.8.${n}, 203.0.113.77`)));
  t.same(spoofed.map((res) => res.status).sort(), [200, 200, 429, 429, 429].sort(), 'registrations counted for the real address, whatever the client wrote');
});

t.test('TRUST_PROXY as addresses and networks: hops from those proxies only', async (t) => {
  const { app } = await buildTestApp(t, { TRUST_PROXY: '127.0.0.0/8', RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '1' });
  const call = apiClient(t, app);
  const via = (forwarded: string, remoteAddress = '127.0.0.1') =>
    call('POST', '/api/agents/register', { body, remoteAddress, headers: { 'x-forwarded-for': forwarded } });
  t.equal((await via('198.51.100.20')).status, 200);
  t.equal((await via('198.51.100.21, 198.51.100.20')).status, 429, 'the first address not a trusted proxy, from the right');
  t.equal((await via('127.0.0.5, 198.51.100.30')).status, 200, 'a trusted proxy in the chain is skipped');
  t.equal((await via('198.51.100.40', '192.0.2.9')).status, 200);
  t.equal((await via('198.51.100.41', '192.0.2.9')).status, 429, 'a peer that is not a trusted proxy is the client itself');
});

t.test('the request log records the address the limits used, and never a key in the query', async (t) => {
  const database = await freshDatabase(t);
  const lines: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'info', SEED_DEMO: 'false', TRACK_INTERVAL: '0', TRUST_PROXY: '1', ...database.env });
  const app = await buildApp(config, { database: database.handle, logStream: { write: (line) => void lines.push(line) } });
  t.teardown(() => app.close());
  const key = `svc_ak_${'a'.repeat(64)}`;
  await app.inject({
    method: 'GET',
    url: `/api/agents/me?api_key=${key}`,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '10.0.0.9, 203.0.113.5' },
  });
  const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
  t.equal(incoming?.req.remoteAddress, '203.0.113.5', 'the client address the limits used');
  t.equal(incoming?.req.socketAddress, '127.0.0.1', 'and the peer of the connection');
  t.notOk(lines.join('\n').includes(key), 'the key is not in the log');
  t.match(incoming?.req.url, /api_key=\[redacted\]/);
});
