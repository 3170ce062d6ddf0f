// The analysis worker pool on real worker threads (loaded through tsx, as under npm start): the
// same bytes as the analysis in process; agents' texts bounded (refused at once with 503 and
// Retry-After when the pool is full, never queued without bound) and served before background
// work; a job past its time limit, or whose thread dies, fails cleanly and the thread is replaced;
// close() fails what waits and ends every thread. No assertion depends on how fast this machine is:
// jobs are told apart by order and by memory, and the one time limit is far below any analysis.
import fs from 'node:fs';
import path from 'node:path';
import t, { type Test } from 'tap';
import { DomainError, isPublic } from '../../src/core/errors.js';
import { httpAnswer } from '../../src/http/errors.js';
import { registry } from '../../src/metrics/metrics.js';
import { AnalysisFailure, AnalysisPool, type AnalysisPoolOptions } from '../../src/analysis-pool/pool.js';
import { analyzeText } from '../../src/analysis-pool/analyze-text.js';
import { prepareDocument } from '../../src/analysis-pool/prepare-document.js';
import { extractTerms } from '../../src/extract/extract-terms.js';
import { ExtractionError } from '../../src/extract/terms-html.js';
import { haveSharedTerms, SHARED_TERMS, termsPage } from '../helpers/terms-pages.js';

const SHORT = 'We may terminate your account at any time, for any reason, without notice.\n\nAny dispute shall be resolved by binding arbitration.';
/** About 200 KB of terms: at least a few hundred milliseconds of analysis on any machine. */
const LONG = 'We may change these terms at any time and your continued use means you accept them. '.repeat(2300);

function pool(t: Test, options: Partial<AnalysisPoolOptions> = {}): AnalysisPool {
  const created = new AnalysisPool({ workers: 1, maxQueued: 4, timeoutMs: 60_000, maxHeapMb: 512, ...options });
  t.teardown(() => created.close());
  return created;
}

/** What a function throws (undefined if nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** A metric's current value in GET /metrics' registry (summed over its series, or the one with `label`). */
async function metric(name: string, label?: Record<string, string>): Promise<number> {
  const { values } = await registry.getSingleMetric(name)!.get();
  const matching = values.filter((v) => Object.entries(label ?? {}).every(([k, x]) => v.labels[k] === x));
  return matching.reduce((sum, v) => sum + v.value, 0);
}

/** Settles to ['ok', value] or ['error', error], so that order and outcome can be compared. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ['ok', value] as const,
    (error: Error) => ['error', error] as const,
  );

t.test('results are byte for byte those of the analysis in process', { skip: !haveSharedTerms && 'shared/terms is absent' }, async (t) => {
  const analyzer = pool(t, { workers: 2 });
  const names = ['Reddit.md', 'Spotify.md', 'TikTok.md', 'Telegram.md'];
  const texts = names.map((name) => fs.readFileSync(path.join(SHARED_TERMS, 'current', name), 'utf8'));
  const results = await Promise.all(texts.map((text) => analyzer.analyzeText(text)));
  for (const [i, text] of texts.entries()) t.equal(JSON.stringify(results[i]), JSON.stringify(analyzeText(text)), `${names[i]}: analyzeText`);
  const html = termsPage(texts[0]!, 'main');
  t.equal(JSON.stringify(await analyzer.prepareDocument(html, 'html')), JSON.stringify(prepareDocument(html, 'html')), 'prepareDocument of an HTML page');
  t.equal(JSON.stringify(await analyzer.prepareDocument(texts[1]!, 'markdown')), JSON.stringify(prepareDocument(texts[1]!, 'markdown')), 'and of Markdown');
});

t.test('terms extracted from a page as in process; a page without terms is an ExtractionError', async (t) => {
  const analyzer = pool(t);
  const page = {
    contentType: 'text/html; charset=windows-1252',
    body: Buffer.from(
      `<html><body><nav>Menu</nav><main><h1>Terms</h1><p>${'Caf\xe9 terms apply to you and may change at any time. '.repeat(12)}</p></main></body></html>`,
      'latin1',
    ),
  };
  t.same(await analyzer.extractTerms(page, {}), await extractTerms(page, {}));
  t.match((await analyzer.extractTerms(page, {})).text, /Café terms/);
  const [kind, error] = await outcome(
    analyzer.extractTerms({ contentType: 'text/html', body: Buffer.from('<html><body><p>Please enable JavaScript.</p></body></html>') }, {}),
  );
  t.equal(kind, 'error');
  t.ok(error instanceof ExtractionError, 'the tracker records it as the page giving no terms');
  t.match((error as Error).message, /no terms text/);
});

t.test("the caller's mistakes come back as the same 400", async (t) => {
  const analyzer = pool(t);
  const inProcess = await outcome((async () => analyzeText('a\u0000b'))());
  const [kind, error] = await outcome(analyzer.analyzeText('a\u0000b'));
  t.equal(kind, 'error');
  t.ok(isPublic(error) && error.code !== 'unavailable');
  t.same([httpAnswer(error as DomainError).status, (error as Error).message], [400, (inProcess[1] as Error).message]);
  t.same(await analyzer.analyzeText(SHORT), analyzeText(SHORT), 'the thread goes on serving');
});

t.test("agents' texts are bounded: past workers + queue, refused at once with 503 and Retry-After", async (t) => {
  const analyzer = pool(t, { workers: 1, maxQueued: 1 });
  const refusedBefore = await metric('tos_analysis_refusals_total');
  const running = outcome(analyzer.analyzeText(LONG));
  const queued = outcome(analyzer.analyzeText(SHORT));
  t.equal(await metric('tos_analysis_threads'), 1, 'GET /metrics: the thread started by the first job');
  t.equal((await metric('tos_analysis_jobs_running')) + (await metric('tos_analysis_jobs_waiting')), 2, 'and both jobs, running or waiting');
  const [kind, refused] = await outcome(analyzer.analyzeText(SHORT));
  t.equal(kind, 'error');
  t.equal((refused as DomainError).code, 'unavailable', 'a 503');
  t.match((refused as DomainError).message, /^the analyzer is busy with other texts; retry after \d+ s$/);
  t.match(httpAnswer(refused as DomainError).headers, { 'retry-after': /^\d+$/ });
  t.match(
    thrown(() => analyzer.reserve()),
    { code: 'unavailable' },
    'no place can be reserved either',
  );
  t.equal((await running)[0], 'ok', 'the running text is analysed');
  t.equal((await queued)[0], 'ok', 'the queued one too');
  t.equal((await metric('tos_analysis_refusals_total')) - refusedBefore, 2, 'both refusals counted');
  t.equal(await metric('tos_analysis_jobs_running'), 0);
  // Background work (ingestion, tracking) is bounded by its callers, not refused.
  const background = await Promise.all([1, 2, 3].map(() => outcome(analyzer.prepareDocument(SHORT, 'text'))));
  t.same(
    background.map(([k]) => k),
    ['ok', 'ok', 'ok'],
  );
});

t.test('a reservation holds a place until used or released', async (t) => {
  const analyzer = pool(t, { workers: 1, maxQueued: 0 });
  const held = analyzer.reserve();
  t.match(
    thrown(() => analyzer.reserve()),
    { code: 'unavailable' },
    'the only place is held',
  );
  t.match(await outcome(analyzer.analyzeText(SHORT)), ['error', { code: 'unavailable' }], 'and not given to another text');
  held.release();
  held.release(); // idempotent: gives back one place only
  t.equal(analyzer.stats().reserved, 0);
  const again = analyzer.reserve();
  t.same(await again.analyzeText(SHORT), analyzeText(SHORT), 'a reserved place runs its text');
  again.release(); // after use: nothing to give back
  t.equal(analyzer.stats().reserved, 0);
});

t.test("agents' texts run before background work that waits", async (t) => {
  const analyzer = pool(t, { workers: 1 });
  await analyzer.prepareDocument(SHORT, 'text'); // the thread is loaded: the first job below starts at once
  const finished: string[] = [];
  const track = <T>(name: string, promise: Promise<T>) => promise.then(() => finished.push(name));
  await Promise.all([
    track('background 1', analyzer.prepareDocument(LONG, 'text')),
    track('background 2', analyzer.prepareDocument(SHORT, 'text')),
    track('agent', analyzer.analyzeText(SHORT)),
  ]);
  t.same(finished, ['background 1', 'agent', 'background 2'], 'the agent waited for the running job only');
});

t.test('a job past its time limit fails with 503; its thread is replaced', async (t) => {
  // The limit counts from when a loaded thread takes the job, so loading the analyzer is not in it.
  const analyzer = pool(t, { timeoutMs: 20 });
  const replacedBefore = await metric('tos_analysis_threads_replaced_total', { reason: 'timeout' });
  const [kind, error] = await outcome(analyzer.analyzeText(LONG));
  t.equal(kind, 'error');
  t.equal((error as DomainError).code, 'unavailable');
  t.equal((error as DomainError).message, 'the analysis did not finish within 20 ms');
  t.same(httpAnswer(error as DomainError).headers, {}, 'no Retry-After: the same text would take as long again');
  t.equal((await metric('tos_analysis_threads_replaced_total', { reason: 'timeout' })) - replacedBefore, 1, 'counted in GET /metrics');
});

t.test('a thread that dies (out of memory) fails its job cleanly and is replaced', async (t) => {
  // 64 MB of heap holds the analyzer and a short text (40 MB did until the contract facts and grounded renderings), not an 8 MB document.
  const analyzer = pool(t, { maxHeapMb: 64 });
  t.same(await analyzer.analyzeText(SHORT), analyzeText(SHORT));
  const replacedBefore = await metric('tos_analysis_threads_replaced_total', { reason: 'exited' });
  const [kind, error] = await outcome(analyzer.prepareDocument('Terms apply to you. '.repeat(400_000), 'text'));
  t.equal(kind, 'error');
  t.ok(error instanceof AnalysisFailure && !(error instanceof DomainError), 'an internal failure (a 500 without details)');
  t.same(await analyzer.analyzeText(SHORT), analyzeText(SHORT), 'a new thread serves the next text');
  t.equal(analyzer.stats().threads, 1);
  t.equal((await metric('tos_analysis_threads_replaced_total', { reason: 'exited' })) - replacedBefore, 1, 'counted in GET /metrics');
});

t.test('close() fails what waits with 503 and ends every thread', async (t) => {
  const analyzer = new AnalysisPool({ workers: 2, maxQueued: 4, timeoutMs: 60_000 });
  const jobs = [LONG, LONG, SHORT].map((text) => outcome(analyzer.analyzeText(text)));
  t.equal(analyzer.stats().threads, 2, 'threads start with the first jobs');
  await analyzer.close();
  for (const [kind, error] of await Promise.all(jobs)) {
    t.equal(kind, 'error');
    t.equal((error as DomainError).code, 'unavailable');
    t.equal((error as Error).message, 'the server is shutting down');
  }
  t.same(analyzer.stats(), { threads: 0, running: 0, waiting: 0, reserved: 0 });
  t.match(
    await outcome(analyzer.analyzeText(SHORT)),
    ['error', { code: 'unavailable', message: 'the server is shutting down' }],
    'nothing is taken after close',
  );
});
