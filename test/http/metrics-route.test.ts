// GET /metrics: off by default, bearer-protected when METRICS_TOKEN is set, and its Prometheus
// text exposition parsed line by line: requests by operation and status with latency
// histograms, budget refusals, database pool use, analysis runs and the analysis pool, tracking runs.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { loadConfig } from '../../src/config.js';
import { timeTracking } from '../../src/metrics/metrics.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdefgh';
const ADMIN_TOKEN = 'metrics-admin-token-0123456789abc';

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** Parses the text exposition format (version 0.0.4); throws on any line it does not recognise. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') types.set(meta[2]!, meta[3]!);
      continue;
    }
    // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`).
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, '$1');
    const raw = sample[3]!.toLowerCase();
    samples.push({ name: sample[1]!, labels, value: raw === 'nan' ? NaN : raw.endsWith('inf') ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw) });
  }
  return { samples, types };
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

t.test('off by default: /metrics is an unknown path', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  t.equal(res.statusCode, 404);
  t.type(res.json().error, 'string');
  t.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 24 characters/);
});

t.test('on with METRICS_TOKEN: bearer-protected, Prometheus text format', async (t) => {
  const { app } = await buildTestApp(t, { METRICS_TOKEN, ADMIN_TOKEN, SEED_DEMO: 'true', RATE_LIMIT_REQUESTS_PER_HOUR: '2' });
  const call = apiClient(t, app);
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  };

  for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdefgh', `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`]) {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    t.equal(res.statusCode, 401, `refused: ${authorization}`);
    t.same(res.json(), { error: 'missing or wrong metrics token' });
  }

  const before = (await scrape()).samples;
  const key = await registerAgent(call);
  for (let i = 0; i < 3; i++) t.equal((await call('GET', '/api/agents/opinions')).status, 200);
  t.equal((await call('GET', '/api/agents/opinions?page=0')).status, 400);
  t.equal((await call('GET', '/nowhere/at/all')).status, 404);
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/api/agents/me', { key })).status);
  t.same(statuses, [200, 200, 429], 'the data budget of 2 refuses the third');
  const document = { content: '# Terms\n\nWe may change these terms at any time without notice. Any dispute goes to binding arbitration.', format: 'markdown' };
  t.equal(
    (await call('POST', '/api/admin/providers/chirpnest.example/documents', { body: document, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status,
    200,
  );
  await timeTracking(async () => ({ outcome: 'unchanged' }));
  await t.rejects(timeTracking(async () => Promise.reject(new Error('fetch failed'))));

  const { samples, types } = await scrape();
  const delta = (name: string, labels: Record<string, string> = {}) => value(samples, name, labels) - value(before, name, labels);
  t.equal(types.get('tos_http_requests_total'), 'counter');
  t.equal(types.get('tos_http_request_duration_seconds'), 'histogram');
  t.equal(delta('tos_http_requests_total', { operation: 'listOpinions', method: 'GET', status: '200' }), 3, 'requests by operation and status');
  t.equal(delta('tos_http_requests_total', { operation: 'listOpinions', status: '400' }), 1);
  t.equal(delta('tos_http_requests_total', { operation: 'unmatched', status: '404' }), 1, 'no path becomes a label of its own');
  t.equal(delta('tos_http_requests_total', { operation: 'getCurrentAgent', status: '429' }), 1);
  t.equal(delta('tos_budget_refusals_total', { budget: 'data' }), 1, 'refusals by budget');
  t.equal(delta('tos_http_request_duration_seconds_count', { operation: 'listOpinions' }), 4, 'one latency observation per answer');
  const buckets = samples.filter((s) => s.name === 'tos_http_request_duration_seconds_bucket' && s.labels.operation === 'listOpinions');
  t.ok(buckets.length > 5, 'latency buckets');
  t.ok(
    buckets.every((b, i) => i === 0 || b.value >= buckets[i - 1]!.value),
    'buckets are cumulative',
  );
  t.equal(buckets.find((b) => b.labels.le === '+Inf')?.value, value(samples, 'tos_http_request_duration_seconds_count', { operation: 'listOpinions' }));
  t.equal(delta('tos_analysis_runs_total', { outcome: 'ok' }), 1, 'analysis runs');
  t.equal(delta('tos_analysis_duration_seconds_count'), 1);
  t.equal(types.get('tos_analysis_threads'), 'gauge', 'the analysis pool');
  t.ok(value(samples, 'tos_analysis_threads') >= 1, "its thread, started by the document's analysis");
  t.equal(value(samples, 'tos_analysis_jobs_running') + value(samples, 'tos_analysis_jobs_waiting'), 0, 'and idle once it is done');
  t.equal(types.get('tos_analysis_refusals_total'), 'counter');
  t.equal(types.get('tos_analysis_threads_replaced_total'), 'counter');
  t.equal(delta('tos_tracking_runs_total', { outcome: 'unchanged' }), 1, 'tracking runs, by outcome');
  t.equal(delta('tos_tracking_runs_total', { outcome: 'failed' }), 1);
  const pools = samples.filter((s) => s.name === 'tos_db_pool_connections_max').map((s) => s.labels.pool);
  t.ok(pools.length > 0 && pools.every((p) => ['main', 'metering', 'embedded'].includes(p!)), `database pools: ${pools.join(', ')}`);
  t.ok(
    samples.some((s) => s.name === 'tos_db_pool_queries_in_flight'),
    'pool use',
  );
  t.ok(samples.some((s) => s.name === 'tos_db_pool_transactions_open'));
  t.ok(
    samples.some((s) => s.name === 'tos_process_resident_memory_bytes'),
    'process metrics',
  );
  t.ok(value(samples, 'tos_db_pool_queries_in_flight') >= 0 && value(samples, 'tos_db_pool_transactions_open') >= 0, 'no counter went below zero');
});

t.test("agents' texts count as analyses too, over HTTP and MCP", async (t) => {
  const { app } = await buildTestApp(t, { METRICS_TOKEN });
  const call = apiClient(t, app);
  const runs = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return value(parseExposition(res.body).samples, 'tos_analysis_runs_total', { outcome: 'ok' });
  };
  const before = await runs();
  const key = await registerAgent(call);
  const text = 'We may terminate your account at any time without notice.';
  t.equal((await call('POST', '/api/agents/analyze', { key, body: { text } })).status, 200);
  t.equal((await runs()) - before, 1, 'POST /api/agents/analyze counts');
  const mcp = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'analyze_terms', arguments: { text } } },
  });
  t.equal(mcp.json().result.isError, undefined, mcp.body);
  t.equal((await runs()) - before, 2, 'analyze_terms over MCP counts');
});
