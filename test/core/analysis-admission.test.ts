// analyzeTerms on a server whose analyzer is one worker thread with no queue: the analysis runs
// off the event loop (a request is answered while it works); a second text while one is
// analysed is refused at once, over HTTP with 503 and Retry-After, over MCP as a tool error with
// the same message, and neither spends budget nor counts; the answer is the in-process analysis.
import t from 'tap';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { errorText, httpClient, structured } from '../helpers/mcp.js';
import { analyzeText } from '../../src/analysis-pool/analyze-text.js';

const { app } = await buildTestApp(t, { ANALYSIS_WORKERS: '1', ANALYSIS_QUEUE: '0' });
const call = apiClient(t, app);
await app.listen({ port: 0, host: '127.0.0.1' });
const key = await registerAgent(call);
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** About 200 KB: the longest text allowed, hundreds of milliseconds of analysis on any machine. */
const LONG = 'We may change these terms at any time and your continued use means you accept them. '.repeat(2300);
const SHORT = 'We may terminate your account at any time, for any reason, without notice.\n\nAny dispute shall be resolved by binding arbitration.';
const BUSY = /^the analyzer is busy with other texts; retry after \d+ s$/;
const me = async () => {
  const response = await call('GET', '/api/agents/me', { key });
  return { count: response.body.agent.request_count as number, remaining: Number(response.headers['ratelimit-remaining']) };
};
/** Resolves once the worker runs a job (the long text): a state, not a time. */
async function workerBusy(): Promise<void> {
  while (app.analyzer.stats().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

t.test('the answer is the analysis in process', async (t) => {
  const response = await call('POST', '/api/agents/analyze', { key, body: { text: SHORT } });
  t.equal(response.status, 200);
  const { attribution, ...analysis } = response.body;
  t.strictSame(analysis, analyzeText(SHORT));
  t.equal(attribution.required, true);
});

t.test('over HTTP: 503 with Retry-After while the one worker is busy, no budget spent; other requests go on', async (t) => {
  const before = await me();
  const long = call('POST', '/api/agents/analyze', { key, body: { text: LONG } });
  await workerBusy();
  // Answered while the long text is analysed (it holds the only place until it is done): the
  // event loop is free meanwhile.
  const refused = await call('POST', '/api/agents/analyze', { key, body: { text: SHORT } });
  t.equal(refused.status, 503);
  t.match(refused.body.error, BUSY);
  t.match(refused.headers['retry-after'], /^\d+$/);
  const answered = await long;
  t.equal(answered.status, 200);
  t.ok(answered.body.clauses.length > 100);
  const after = await me();
  t.equal(after.count, before.count + 2, 'the long text and this read counted, the refused text did not');
  t.equal(after.remaining, before.remaining - 2, 'nor was it charged');
  t.equal((await call('POST', '/api/agents/analyze', { key, body: { text: SHORT } })).status, 200, 'room again once it is done');
});

t.test('over MCP: analyze_terms while the worker is busy is a tool error with the same message, not charged', async (t) => {
  const client = await httpClient(t, base, key);
  const before = await me();
  const long = client.callTool({ name: 'analyze_terms', arguments: { text: LONG } });
  await workerBusy();
  const refused = (await client.callTool({ name: 'analyze_terms', arguments: { text: SHORT } })) as CallToolResult;
  t.match(errorText(refused), BUSY);
  t.ok(structured((await long) as CallToolResult).clauses.length > 100);
  const after = await me();
  t.equal(after.count, before.count + 2, 'the long call and this read counted, the refused call did not');
  t.equal(after.remaining, before.remaining - 2, 'nor was it charged');
});
