// The tracker against a real HTTP server on loopback (both databases): terms pages with their
// surroundings become clean terms text and publish their providers (the demo providers step
// aside); the successive versions of ../shared/terms/history make a new version and a change
// record exactly when their words change, in order, naming the clauses that appeared and went
// (formatting-only changes, an unchanged page and a 304 make none); 500s, timeouts, oversized
// and binary answers and redirect loops are recorded per provider, change nothing published, and
// the pass goes on; the Atom feeds list the changes and parse as XML.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { DOMParser } from '@xmldom/xmldom';
import { normaliseDocument } from '../../src/analysis/index.js';
import { runPass, type TrackerContext } from '../../src/tracker/pass.js';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import { wordsOf } from '../../src/ingest/words.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { haveSharedTerms, SHARED_TERMS, SURROUNDINGS, termsPage, type Layout } from '../helpers/terms-pages.js';

if (!haveSharedTerms) {
  t.plan(0, 'shared/terms is absent');
  process.exit(0);
}

const ADMIN_TOKEN = 'tracker-test-admin-token-0123456789';
const BASE_URL = 'https://ratings.example.net';
const read = (...parts: string[]) => fs.readFileSync(path.join(SHARED_TERMS, ...parts), 'utf8');
const HISTORY = Object.fromEntries(
  ['Reddit', 'Spotify', 'TikTok'].map((s) => [
    s,
    fs
      .readdirSync(path.join(SHARED_TERMS, 'history', s))
      .sort()
      .map((f) => read('history', s, f)),
  ]),
);

// What the local server serves: per path, a page (or a failure), and the hits it got.
const served = new Map<string, { body: string | Buffer; type: string; etag?: string }>();
const hits = new Map<string, number>();
let flakyFailures = 1;
const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  hits.set(url, (hits.get(url) ?? 0) + 1);
  if (url === '/fail/500') return res.writeHead(500).end('oops');
  if (url === '/fail/slow') return void res.writeHead(200, { 'content-type': 'text/html' }).write('<html><body><p>');
  if (url === '/fail/loop') return res.writeHead(302, { location: '/fail/loop' }).end();
  if (url === '/fail/big') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = `<p>${'terms '.repeat(10_000)}</p>`;
    for (let i = 0; i < 60; i++) res.write(chunk);
    return res.end();
  }
  if (url === '/fail/png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  if (url === '/fail/nul') return res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from('<html>\u0000\u0001\u0002 binary'));
  if (url === '/flaky' && flakyFailures-- > 0) return res.writeHead(503, { 'retry-after': '0' }).end();
  const page = served.get(url);
  if (!page) return res.writeHead(404).end();
  if (page.etag && req.headers['if-none-match'] === page.etag) return res.writeHead(304, { etag: page.etag }).end();
  res.writeHead(200, { 'content-type': page.type, ...(page.etag && { etag: page.etag }) }).end(page.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
t.teardown(() => {
  server.closeAllConnections();
  server.close();
});
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const entry = (slug: string, url: string, extra: object = {}) => ({
  slug,
  name: slug.split('.')[0],
  domain: slug,
  category: 'social',
  terms_url: `${origin}${url}`,
  ...extra,
});
const FAILURES = {
  'fail-500.test': '/fail/500',
  'fail-slow.test': '/fail/slow',
  'fail-loop.test': '/fail/loop',
  'fail-big.test': '/fail/big',
  'fail-png.test': '/fail/png',
  'fail-nul.test': '/fail/nul',
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const catalogueFile = path.join(dir, 'catalogue.json');
fs.writeFileSync(
  catalogueFile,
  JSON.stringify({
    providers: [
      entry('surround-main.test', '/surround/main'),
      entry('surround-soup.test', '/surround/soup'),
      entry('surround-select.test', '/surround/select', { select: ['[data-policy=terms]'], remove: ['.related'] }),
      ...Object.keys(HISTORY).map((s) => entry(`history-${s.toLowerCase()}.test`, `/history/${s}`)),
      ...Object.entries(FAILURES).map(([slug, url]) => entry(slug, url)),
      entry('flaky.test', '/flaky'),
    ],
  }),
);

const { app, config, database } = await buildTestApp(t, {
  ADMIN_TOKEN,
  SEED_DEMO: 'true',
  FETCH_ALLOW_PRIVATE: 'true',
  CATALOGUE_FILE: catalogueFile,
  BASE_URL,
});
const db = database.handle.db;
const call = apiClient(t, app);
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const key = await registerAgent(call);
const analyzer = new AnalysisPool({ ...config.analysis });
t.teardown(() => analyzer.close());
const ctx: TrackerContext = { db, config, analyzer, policy: { retryBaseMs: 10, timeoutMs: 1500, connectTimeoutMs: 1000, maxBytes: 2 * 1024 * 1024 } };
const pass = (slugs: string[]) => runPass(ctx, { kind: 'forced', since: new Date(), slugs });
const count = async (table: 'document_versions' | 'provider_changes' | 'clauses') =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
const listed = async () => (await call('GET', '/api/agents/providers?per_page=20', { key })).body.providers.map((p: any) => p.slug);

t.test('terms pages in their surroundings: clean terms text, providers published, demo providers hidden', async (t) => {
  t.ok((await listed()).includes('chirpnest.example'), 'demo providers are shown while nothing real is analysed');
  const sources: Record<string, [string, Layout]> = {
    'surround-main.test': ['Reddit', 'main'],
    'surround-soup.test': ['Spotify', 'soup'],
    'surround-select.test': ['TikTok', 'selector'],
  };
  for (const [slug, [name, layout]] of Object.entries(sources)) {
    served.set(`/${slug.split('.')[0]!.replace('-', '/')}`, { body: termsPage(read('current', `${name}.md`), layout), type: 'text/html; charset=utf-8' });
  }
  const report = await pass(Object.keys(sources));
  t.same(
    report.providers.map((p) => [p.slug, p.outcome]),
    Object.keys(sources)
      .sort()
      .map((s) => [s, 'analysed']),
  );
  for (const [slug, [name]] of Object.entries(sources)) {
    const text = (
      await db
        .selectFrom('document_versions as d')
        .innerJoin('providers as p', 'p.id', 'd.provider_id')
        .select('d.text')
        .where('p.slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).text;
    const words = ` ${wordsOf(text).join(' ')} `;
    // Headings are paragraphs of their own in the normalised text: each is checked too.
    const paragraphs = normaliseDocument(read('current', `${name}.md`), 'markdown')
      .split('\n\n')
      .map((p) => wordsOf(p).join(' '))
      .filter(Boolean);
    t.same(
      paragraphs.filter((p) => !words.includes(` ${p} `)),
      [],
      `${slug}: every heading and paragraph stored`,
    );
    for (const junk of SURROUNDINGS) t.notOk(words.includes(` ${wordsOf(junk).join(' ')} `), `${slug}: no "${junk}"`);
  }
  const now = await listed();
  t.ok(
    Object.keys(sources).every((s) => now.includes(s)),
    'analysed catalogue providers are published',
  );
  t.notOk(
    now.some((s: string) => s.endsWith('.example')),
    'demo providers are hidden from endpoint 2',
  );
  t.equal((await app.inject('/provider/chirpnest.example')).statusCode, 404, 'and from the pages');
  // A tracked provider is never a 404: one never analysed is listed, as not read yet (issue 45).
  const failing = await call('GET', '/api/agents/providers/fail-500.test', { key });
  t.match(
    failing.body.provider,
    { terms_state: 'not-read-yet', source: { origin: 'none', last_attempt: null } },
    'providers never analysed say so, and that nobody has tried yet',
  );
  const index = await app.inject('/');
  t.match(index.body, /3 analysed so far/);
  t.notMatch(index.body, /chirpnest/);
});

t.test('successive versions: a new version and a change record exactly when the words change, in order', async (t) => {
  for (const [service, versions] of Object.entries(HISTORY)) {
    const slug = `history-${service.toLowerCase()}.test`;
    let stored: string | null = null;
    let expectedVersions = 0;
    for (const [i, markdown] of versions.entries()) {
      served.set(`/history/${service}`, { body: termsPage(markdown, 'main'), type: 'text/html', etag: `"${service}-${i}"` });
      const before = await count('provider_changes');
      const [result] = (await pass([slug])).providers;
      const changed =
        stored === null || wordsOf(normaliseDocument(stored, 'markdown')).join(' ') !== wordsOf(normaliseDocument(markdown, 'markdown')).join(' ');
      t.equal(result!.outcome, changed ? 'analysed' : 'unchanged', `${service} version ${i + 1}: ${changed ? 'words changed' : 'formatting only'}`);
      if (changed) [stored, expectedVersions] = [markdown, expectedVersions + 1];
      t.equal((await count('provider_changes')) - before, changed ? 1 : 0, `${service} version ${i + 1}: change records`);
      if (changed) {
        const change = await db
          .selectFrom('provider_changes as c')
          .innerJoin('providers as p', 'p.id', 'c.provider_id')
          .selectAll('c')
          .where('p.slug', '=', slug)
          .orderBy('c.id', 'desc')
          .executeTakeFirstOrThrow();
        t.equal(change.added.length, result!.appeared, 'the record names the clauses that appeared');
        t.equal(change.removed.length, result!.went, 'and those that went');
        const gone = await db
          .selectFrom('clauses')
          .select(['id', 'removed_at'])
          .where('id', 'in', [0, ...change.removed.map((c) => c.id)])
          .execute();
        t.ok(
          gone.every((c) => c.removed_at !== null),
          'clauses that went are marked removed',
        );
      }
    }
    const history = await call('GET', `/api/agents/providers/${slug}/changes?per_page=20`, { key });
    t.equal(history.body.changes.length, expectedVersions, `${service}: one change record per version whose words changed`);
    const times = history.body.changes.map((c: any) => c.received_at);
    t.same(times, [...times].sort().reverse(), 'newest first, in the order the versions came');
    // The last page again, under a new ETag and with other markup: same words, nothing new.
    served.set(`/history/${service}`, { body: termsPage(versions.at(-1)!, 'soup'), type: 'text/html', etag: `"${service}-again"` });
    t.equal((await pass([slug])).providers[0]!.outcome, 'unchanged', 'the same words in other markup');
    t.equal((await pass([slug])).providers[0]!.outcome, 'not-modified', '304 to our conditional request');
    t.equal((await call('GET', `/api/agents/providers/${slug}/changes`, { key })).body.changes.length, expectedVersions, 'neither adds a record');
  }
});

t.test('failures: recorded per provider, nothing published changes, the pass goes on', async (t) => {
  served.set('/flaky', { body: termsPage(read('current', 'Bluesky.md'), 'main'), type: 'text/html' });
  // A published provider whose page now fails, then shrinks to a stub.
  served.delete('/history/Reddit');
  const before = {
    versions: await count('document_versions'),
    changes: await count('provider_changes'),
    clauses: await count('clauses'),
    listed: await listed(),
  };
  const slugs = [...Object.keys(FAILURES), 'flaky.test', 'history-reddit.test'];
  const report = await pass(slugs);
  const outcome = Object.fromEntries(report.providers.map((p) => [p.slug, p]));
  t.same(Object.keys(outcome).sort(), [...slugs].sort(), 'every provider was tried');
  const expected: Record<string, RegExp> = {
    'fail-500.test': /HTTP 500/,
    'fail-slow.test': /no (complete )?answer within/,
    'fail-loop.test': /more than 5 redirects/,
    'fail-big.test': /larger than 2097152 bytes/,
    'fail-png.test': /image\/png/,
    'fail-nul.test': /binary/,
    'history-reddit.test': /HTTP 404/,
  };
  for (const [slug, message] of Object.entries(expected)) {
    t.equal(outcome[slug]?.outcome, 'failed', slug);
    t.match(outcome[slug]?.error, message, `${slug}: ${outcome[slug]?.error}`);
  }
  t.equal(hits.get('/fail/500'), 3, 'a 500 is tried three times');
  t.equal(hits.get('/fail/loop')! >= 6, true, 'redirects followed one by one up to the limit');
  t.equal(outcome['flaky.test']?.outcome, 'analysed', 'a 503 once, then the page: retried and analysed');
  served.set('/history/Reddit', { body: '<html><body><main><p>Please enable cookies to continue.</p></main></body></html>', type: 'text/html' });
  const shrunk = (await pass(['history-reddit.test'])).providers[0]!;
  t.equal(shrunk.outcome, 'failed');
  t.match(shrunk.error, /no terms text|not stored/);
  t.equal(await count('document_versions'), before.versions + 1, 'only the flaky provider got a version');
  t.equal(await count('provider_changes'), before.changes + 1);
  // Tracked providers are listed analysed or not (issue 45); only flaky.test changed state.
  const exceptFlaky = (slugs: string[]) => slugs.filter((s) => s !== 'flaky.test');
  t.same(exceptFlaky(await listed()), exceptFlaky(before.listed), 'published providers unchanged');
  const failing = await call('GET', '/api/agents/providers/fail-500.test', { key });
  t.match(
    failing.body.provider,
    { terms_state: 'not-read-yet', source: { origin: 'none', last_attempt: { outcome: 'failed' } } },
    'a provider whose fetch failed says not read yet, with the failed attempt',
  );
  const status = await call('GET', '/api/admin/tracking?failed=true&per_page=20', { headers: admin });
  t.equal(status.status, 200);
  t.same(status.body.providers.map((p: any) => p.slug).sort(), Object.keys(expected).sort(), 'the admin API lists the failing providers');
  t.ok(status.body.providers.every((p: any) => p.last_error && p.last_attempt_at && p.consecutive_failures >= 1));
  const one = await call('GET', '/api/admin/tracking?provider_slug=flaky.test', { headers: admin });
  t.match(one.body.providers[0], { slug: 'flaky.test', last_outcome: 'analysed', last_error: null, is_active: true, analysed: true });
  t.equal((await call('GET', '/api/admin/tracking?provider_slug=chirpnest.example', { headers: admin })).status, 404, 'demo providers are not tracked');
});

t.test('Atom feeds list the changes, link to provider pages, and are valid XML', async (t) => {
  const created = await call('POST', '/api/admin/providers', {
    headers: admin,
    body: { slug: 'evil.test', name: 'Evil <b>&</b> "Co" \u0001', domain: 'evil.test', tos_url: 'https://evil.test/terms' },
  });
  t.equal(created.status, 200);
  const submitted = await call('POST', '/api/admin/providers/evil.test/documents', {
    headers: admin,
    body: { content: read('current', 'Quora.md'), format: 'markdown' },
  });
  t.equal(submitted.status, 200);
  const parse = (xml: string) =>
    new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') throw new Error(`XML ${level}: ${message}`);
      },
    }).parseFromString(xml, 'application/xml');
  const all = await app.inject('/feed.xml');
  t.equal(all.statusCode, 200);
  t.equal(all.headers['content-type'], 'application/atom+xml; charset=utf-8');
  const feed = parse(all.body);
  t.equal(feed.documentElement!.namespaceURI, 'http://www.w3.org/2005/Atom');
  const entries = Array.from(feed.getElementsByTagName('entry'));
  t.equal(entries.length, Math.min(50, await count('provider_changes')), 'one entry per change record (at most 50)');
  for (const e of entries) {
    const href = e.getElementsByTagName('link')[0]!.getAttribute('href')!;
    t.match(href, new RegExp(`^${BASE_URL}/provider/[a-z0-9.-]+$`), 'links to the provider page');
  }
  const n = submitted.body.appeared.length;
  // A control character in a name is shown as a visible escape, never as itself (issue 35).
  const evilTitle = `Evil <b>&</b> "Co" [U+0001]: terms analysed, ${n} clause${n === 1 ? '' : 's'} concerning`;
  t.ok(
    entries.some((e) => e.getElementsByTagName('title')[0]!.textContent === evilTitle),
    'names are text, escaped',
  );
  const one = await app.inject('/provider/history-spotify.test/feed.xml');
  const spotify = Array.from(parse(one.body).getElementsByTagName('entry'));
  const changes = (await call('GET', '/api/agents/providers/history-spotify.test/changes', { key })).body.changes;
  t.equal(spotify.length, changes.length, 'the provider feed has its change records');
  const latest = spotify[0]!;
  t.match(latest.getElementsByTagName('title')[0]!.textContent, /terms changed, \d+ clauses? appeared, \d+ clauses? went/);
  const content = latest.getElementsByTagName('content')[0]!.textContent!;
  for (const c of changes[0].appeared)
    t.ok(content.includes(c.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')), `names the clause that appeared: ${c.title}`);
  t.equal((await app.inject({ url: '/feed.xml', headers: { 'if-none-match': all.headers.etag as string } })).statusCode, 304, 'ETag: 304 when nothing changed');
  t.equal((await app.inject('/provider/nope.test/feed.xml')).statusCode, 404);
  const page = await app.inject('/provider/history-spotify.test');
  t.match(
    page.body,
    '<link rel="alternate" type="application/atom+xml" title="history-spotify: changes to its terms" href="/provider/history-spotify.test/feed.xml">',
  );
  t.match((await app.inject('/')).body, '<link rel="alternate" type="application/atom+xml" title="ToS Ratings: changes to terms of service" href="/feed.xml">');
});
