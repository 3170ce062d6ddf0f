// A live read that agrees with the snapshot (issue 45): a provider whose current terms are Open
// Terms Archive's copy is tracked at a page served on loopback with the same words. The pass
// stores no new version and no change record, and the provider's `source` (API, page) says when
// the live page was read and found to have these very words (`live_read_at`), still crediting the
// archive for the text. A page with other words later is an ordinary new version, read live.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { runPass, type TrackerContext } from '../../src/tracker/pass.js';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { ENGLISH_TERMS, smallSnapshot } from '../helpers/small-snapshot.js';
import { termsPage } from '../helpers/terms-pages.js';

let served = termsPage(ENGLISH_TERMS, 'main');
const server = http.createServer((req, res) => {
  if (req.url === '/english/terms') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(served);
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
t.teardown(() => {
  server.closeAllConnections();
  server.close();
});
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const files = smallSnapshot(t);
// The snapshot's English provider, tracked at the local page.
const catalogue = path.join(files.dir, 'live-catalogue.json');
fs.writeFileSync(
  catalogue,
  JSON.stringify({
    providers: [{ slug: 'english.test', name: 'English Service', domain: 'english.test', category: 'other', terms_url: `${origin}/english/terms` }],
  }),
);
const { app, config, database } = await buildTestApp(t, { SNAPSHOT: files.manifest, CATALOGUE_FILE: catalogue, FETCH_ALLOW_PRIVATE: 'true' });
const db = database.handle.db;
const call = apiClient(t, app);
const key = await registerAgent(call);
const analyzer = new AnalysisPool({ ...config.analysis });
t.teardown(() => analyzer.close());
const ctx: TrackerContext = { db, config, analyzer, policy: { retryBaseMs: 10, timeoutMs: 3000, connectTimeoutMs: 1000 } };
const count = async (table: 'document_versions' | 'provider_changes') =>
  (
    await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const deadline = Date.now() + 120_000;
// Only the catalogue's providers take their snapshot copies in: english.test's one.
while ((await count('document_versions')) < 1) {
  if (Date.now() > deadline) throw new Error('the snapshot was not taken in within 2 minutes');
  await new Promise((r) => setTimeout(r, 200));
}
const detail = async () => (await call('GET', '/api/agents/providers/english.test', { key })).body;

t.test('before the tracker reads the page: the archive copy, not read live', async (t) => {
  t.match((await detail()).provider.source, { origin: 'snapshot', live_read_at: null, summary: 'Terms as recorded by Open Terms Archive on 2026-08-22' });
});

t.test('the live page has the same words: read live at that time, no new version, no change record', async (t) => {
  const [versions, changes] = [await count('document_versions'), await count('provider_changes')];
  const before = new Date();
  const report = await runPass(ctx, { kind: 'forced', since: new Date(), slugs: ['english.test'] });
  t.match(report.providers, [{ slug: 'english.test', outcome: 'unchanged', error: null }]);
  t.equal(await count('document_versions'), versions, 'no new version');
  t.equal(await count('provider_changes'), changes, 'no change record');
  const { provider } = await detail();
  t.match(provider.source, { origin: 'snapshot', recorded_at: '2026-08-22T10:00:00.000Z', credit: 'Open Terms Archive' });
  t.ok(provider.source.live_read_at, 'live_read_at is set');
  t.ok(new Date(provider.source.live_read_at) >= new Date(before.getTime() - 1000), 'at the pass');
  t.match(
    provider.source.summary,
    /^Terms as recorded by Open Terms Archive on 2026-08-22; the provider's page, read at \d\d:\d\d UTC on \d+ \w+ \d{4}, has the same words$/,
  );
  const page = (await app.inject({ method: 'GET', url: '/provider/english.test' })).body;
  t.match(page, 'the provider&#39;s page, read at');
  t.match(page, '<time datetime="2026-08-22T10:00:00.000Z">', 'the terms still last changed when the archive recorded them');
  const feed = (await app.inject({ method: 'GET', url: '/provider/english.test/feed.xml' })).body;
  t.equal(feed.split('<entry>').length - 1, 1, 'the feed has the first version only');
});

t.test('the live page changes: an ordinary new version, read live', async (t) => {
  served = termsPage(`${ENGLISH_TERMS}\n## 5. Fees\n\nWe may charge fees for the Service at any time, and fees are non-refundable.\n`, 'main');
  const report = await runPass(ctx, { kind: 'forced', since: new Date(), slugs: ['english.test'] });
  t.match(report.providers, [{ slug: 'english.test', outcome: 'analysed' }]);
  const { provider } = await detail();
  t.match(provider.source, { origin: 'fetched', credit: null });
  t.ok(provider.source.live_read_at, 'read live');
});
