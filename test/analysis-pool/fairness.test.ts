// Fair analysis: one agent's texts cannot hold the analyzer (one at a time per agent, the agent
// served longest ago first), background work (operators, the tracker) takes turns with agents'
// texts, and HTML that would cost far more than its size is refused before the parser with a 400
// that says why. Jobs are told apart by order, never by time.
import t, { type Test } from 'tap';
import { DomainError } from '../../src/core/errors.js';
import { AnalysisPool, type AnalysisPoolOptions } from '../../src/analysis-pool/pool.js';
import { measureHtml } from '../../src/extract/html-cost.js';

const SHORT = 'We may terminate your account at any time, for any reason, without notice.\n\nAny dispute shall be resolved by binding arbitration.';
const LONG = 'We may change these terms at any time and your continued use means you accept them. '.repeat(2300);

function pool(t: Test, options: Partial<AnalysisPoolOptions> = {}): AnalysisPool {
  const created = new AnalysisPool({ workers: 1, maxQueued: 8, timeoutMs: 60_000, maxHeapMb: 512, ...options });
  t.teardown(() => created.close());
  return created;
}

t.test("another agent's text runs next, not after all of one agent's texts", async (t) => {
  const analyzer = pool(t);
  await analyzer.analyzeText(SHORT); // the thread is loaded
  const finished: string[] = [];
  const track = (name: string, promise: Promise<unknown>) => promise.then(() => finished.push(name));
  await Promise.all([
    track('flood 1', analyzer.analyzeText(LONG, 'agent:1')),
    track('flood 2', analyzer.analyzeText(LONG, 'agent:1')),
    track('flood 3', analyzer.analyzeText(LONG, 'agent:1')),
    track('bystander', analyzer.analyzeText(SHORT, 'agent:2')),
  ]);
  t.same(finished, ['flood 1', 'bystander', 'flood 2', 'flood 3']);
});

t.test('one text at a time per agent, even with idle threads', async (t) => {
  const analyzer = pool(t, { workers: 2 });
  await Promise.all([analyzer.analyzeText(SHORT), analyzer.analyzeText(SHORT)]); // both threads loaded
  const first = analyzer.analyzeText(LONG, 'agent:1');
  const second = analyzer.analyzeText(LONG, 'agent:1');
  t.match(analyzer.stats(), { threads: 2, running: 1, waiting: 1 }, "the agent's second text waits");
  const other = analyzer.analyzeText(SHORT, 'agent:2');
  t.match(analyzer.stats(), { running: 2, waiting: 1 }, "another agent's text takes the idle thread");
  await Promise.all([first, second, other]);
});

t.test("background work is not starved by agents' texts", async (t) => {
  const analyzer = pool(t);
  await analyzer.analyzeText(SHORT);
  const finished: string[] = [];
  const track = (name: string, promise: Promise<unknown>) => promise.then(() => finished.push(name));
  await Promise.all([
    track('agent 1', analyzer.analyzeText(LONG, 'agent:1')),
    track('agent 2', analyzer.analyzeText(SHORT, 'agent:2')),
    track('agent 3', analyzer.analyzeText(SHORT, 'agent:3')),
    track('operator', analyzer.prepareDocument(SHORT, 'text')),
  ]);
  t.same(finished, ['agent 1', 'operator', 'agent 2', 'agent 3'], 'turns are taken');
});

t.test('pathological HTML is refused before the parser with a 400 that says why', async (t) => {
  const analyzer = pool(t);
  for (const [name, html] of [
    ['33,000 nested <div>', '<div>'.repeat(33_000) + 'We may terminate your account.'],
    ['60,000 nested <b> in a body', `<body>${'<b>'.repeat(60_000)}`],
    ['200 nested <span> in a page', `<html><body>${'<span>'.repeat(200)}We may terminate your account.</body></html>`],
  ] as const) {
    const error = await analyzer.analyzeText(html, 'agent:1').then(
      () => null,
      (e: unknown) => e,
    );
    t.ok(error instanceof DomainError && error.code === 'invalid-input', `${name}: 400`);
    t.match((error as Error).message, /nests elements more than 128 deep/, name);
  }
  const many = `<div>${'<span>x</span>'.repeat(9_000)}</div>`;
  t.match(await analyzer.analyzeText(many).catch((e: Error) => e.message), /more than 8,000 elements/);
  const asText = await analyzer.analyzeText('<b>'.repeat(60_000)).catch((e: unknown) => e);
  t.ok(asText instanceof DomainError && asText.code === 'invalid-input', 'tags in what is no HTML page are read as text: no text, a 400');
  const page = `<html><body><main><h1>Terms</h1>${'<p>We may terminate your account at any time.</p>'.repeat(50)}<ul><li>one<li>two</ul></main></body></html>`;
  t.ok((await analyzer.analyzeText(page)).clauses.length > 0, 'an ordinary page is analysed');
});

t.test('the measure follows what the parser would build', async (t) => {
  t.same(measureHtml('<p>a<p>b<p>c'), { depth: 1, elements: 3 }, 'a paragraph closes the open one');
  t.same(measureHtml('<ul><li>a<li>b<li>c</ul>'), { depth: 2, elements: 4 });
  t.same(measureHtml('<div><br><img src=x><input/></div>'), { depth: 1, elements: 4 }, 'void and self-closed elements open nothing');
  t.same(measureHtml('<script>"<div><div><div>"</script><div></div>'), { depth: 1, elements: 2 }, 'script text is not markup');
  t.same(measureHtml('<!-- <div><div> --><b><i>x</i></b>'), { depth: 2, elements: 2 }, 'comments are skipped');
});
