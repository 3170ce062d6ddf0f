// The tracker records each site's access signals at every pass, over real HTTP on loopback
// sites (both databases): every part read, a missing file, a broken one and huge ones (bounded),
// nothing new when nothing changed, one version and exactly one change record (and feed entry)
// when robots.txt changes between two passes (and the same change in the API's list of changes),
// and a failure that may pass (503) changing nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { runPass, type TrackerContext } from '../../src/tracker/pass.js';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import type { SiteSignals } from '../../src/agent-access/signals.js';
import { buildTestApp } from '../helpers/test-app.js';
import { startSignalSites, termsMarkdown } from '../helpers/signal-sites.js';

const web = await startSignalSites(t);
const [A, B, C] = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
web.sites.set(A, {
  robots: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n# generated 2026-11-26',
  tdmrep: JSON.stringify([{ location: '/*', 'tdm-reservation': 1, 'tdm-policy': 'https://a.test/policy' }]),
  llms: '# Site A\n> A guide for models.\n',
  terms: termsMarkdown(),
  headers: { 'content-usage': 'train-ai=n', 'x-robots-tag': 'noai' },
  meta: { 'tdm-reservation': '1' },
});
web.sites.set(B, { robots: 404, tdmrep: '{"not": json', llms: 404, terms: termsMarkdown() });
web.sites.set(C, { robots: 'huge', tdmrep: 'huge', llms: 'huge', terms: termsMarkdown() });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signals-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const catalogueFile = path.join(dir, 'catalogue.json');
const entry = (slug: string, address: string) => ({ slug, name: slug.split('.')[0], domain: slug, category: 'social', terms_url: web.termsUrl(address) });
fs.writeFileSync(catalogueFile, JSON.stringify({ providers: [entry('site-a.test', A), entry('site-b.test', B), entry('site-c.test', C)] }));

const { app, config, database } = await buildTestApp(t, {
  FETCH_ALLOW_PRIVATE: 'true',
  CATALOGUE_FILE: catalogueFile,
  BASE_URL: 'https://ratings.example.net',
});
const db = database.handle.db;
const analyzer = new AnalysisPool({ ...config.analysis });
t.teardown(() => analyzer.close());
const ctx: TrackerContext = { db, config, analyzer, policy: { retryBaseMs: 10, timeoutMs: 1500, connectTimeoutMs: 1000 } };
const pass = () => runPass(ctx, { kind: 'forced', since: new Date(), slugs: ['site-a.test', 'site-b.test', 'site-c.test'] });
const count = async (table: 'access_signal_versions' | 'access_signal_changes') =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
const latest = async (slug: string) => {
  const row = await db
    .selectFrom('access_signal_versions as v')
    .innerJoin('providers as p', 'p.id', 'v.provider_id')
    .select(['v.signals', 'v.checked_at'])
    .where('p.slug', '=', slug)
    .orderBy('v.id', 'desc')
    .executeTakeFirstOrThrow();
  return { signals: row.signals as SiteSignals, checked_at: row.checked_at };
};

t.test('the first pass reads every part of every site, bounded, and records one version each', async (t) => {
  const report = await pass();
  t.same(
    report.providers.map((p) => [p.slug, p.outcome]),
    [
      ['site-a.test', 'analysed'],
      ['site-b.test', 'analysed'],
      ['site-c.test', 'failed'],
    ],
  );
  t.equal(await count('access_signal_versions'), 3);
  t.equal(await count('access_signal_changes'), 0, 'a first reading is no change');
  const a = (await latest('site-a.test')).signals;
  t.same(a.robots, { state: 'read', text: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /', detail: null }, 'canonical: no comments');
  t.same(a.page, {
    state: 'read',
    url: web.termsUrl(A),
    headers: { 'content-usage': 'train-ai=n', 'x-robots-tag': 'noai' },
    meta: { 'tdm-reservation': '1' },
    detail: null,
  });
  t.same(a.tdmrep, { state: 'read', rules: [{ location: '/*', reservation: 1, policy: 'https://a.test/policy' }], detail: null });
  t.equal(a.llmsTxt, 'present');
  const b = (await latest('site-b.test')).signals;
  t.same(b.robots, { state: 'missing', text: null, detail: 'HTTP 404' });
  t.same(b.tdmrep, { state: 'unreadable', rules: null, detail: 'not valid JSON' }, 'a broken file is unreadable');
  t.equal(b.llmsTxt, 'missing');
  const c = (await latest('site-c.test')).signals;
  t.equal(c.robots.state, 'unreadable');
  t.match(c.robots.detail, /larger than 524288 bytes/, 'a huge robots.txt is cut off at 512 KiB');
  t.match(c.tdmrep, { state: 'unreadable', detail: /robots\.txt keeps us from it/ }, 'nothing else fetched from a site whose robots.txt cannot be read');
  t.equal(c.page.state, 'unreadable');
  t.notOk(web.hits.includes(`${C}/.well-known/tdmrep.json`));
  for (const address of [A, B, C]) t.equal(web.hits.filter((h) => h === `${address}/robots.txt`).length, 1, `${address}: robots.txt read once`);
});

t.test('a pass that reads the same signals records nothing new', async (t) => {
  const before = (await latest('site-a.test')).checked_at;
  await pass();
  t.equal(await count('access_signal_versions'), 3);
  t.equal(await count('access_signal_changes'), 0);
  t.ok((await latest('site-a.test')).checked_at > before, 'checked_at moves on');
});

t.test('a change of robots.txt between two passes: one version, exactly one change record, one feed entry', async (t) => {
  // The page and the feed are kept (page cache) before the change: the change must show at once.
  const pageBefore = await app.inject('/provider/site-a.test');
  t.equal(pageBefore.statusCode, 200);
  t.match(pageBefore.body, /names none of the AI agents we know/, 'no named agent before');
  t.notMatch((await app.inject('/provider/site-a.test/feed.xml')).body, /Robots\.txt now disallows/);
  web.sites.get(A)!.robots = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n';
  await pass();
  t.equal(await count('access_signal_versions'), 4);
  t.equal(await count('access_signal_changes'), 1);
  const change = await db.selectFrom('access_signal_changes').select('summary').executeTakeFirstOrThrow();
  t.equal(change.summary, 'Robots.txt now disallows GPTBot (OpenAI) at /.');
  const feed = await app.inject('/provider/site-a.test/feed.xml');
  t.equal(feed.statusCode, 200);
  t.match(feed.body, /<title type="text">site-a: signals for AI agents changed<\/title>/);
  t.match(feed.body, /Robots\.txt now disallows GPTBot \(OpenAI\) at \//);
  t.equal((feed.body.match(/#signals-change-/g) ?? []).length, 1);
  // The API's changes are the feed's: an agent that polls the API learns it too.
  const key = (await app.inject({ method: 'POST', url: '/api/agents/register', payload: { name: 'signals agent', accept_terms: true } })).json().api_key;
  const changes = await app.inject({ url: '/api/agents/providers/site-a.test/changes', headers: { authorization: `Bearer ${key}` } });
  t.equal(changes.statusCode, 200);
  const listed = changes.json();
  t.same(
    listed.changes.map((c: { kind: string; summary: string }) => [c.kind, c.summary]),
    [['signals', 'Robots.txt now disallows GPTBot (OpenAI) at /.'], ...listed.changes.slice(1).map((c: { summary: string }) => ['terms', c.summary])],
    'the signals change first (the newest), then the terms versions',
  );
  t.same(listed.changes[0].appeared, []);
  t.equal(listed.pagination.total, listed.changes.length);
  const entries = (feed.body.match(/<entry>/g) ?? []).length;
  t.equal(listed.pagination.total, entries, 'as many as the feed has entries');
  // A band change is in the one list too, in the feed's words.
  await sql`insert into rating_history (provider_id, cause, overall_rating, band, previous_band)
    select id, 'analysis', 7.2, 'high', 'moderate' from providers where slug = 'site-a.test'`.execute(db);
  const withBand = (await app.inject({ url: '/api/agents/providers/site-a.test/changes', headers: { authorization: `Bearer ${key}` } })).json();
  t.same(withBand.changes[0], {
    kind: 'band',
    received_at: withBand.changes[0].received_at,
    recorded_at: null,
    appeared: [],
    went: [],
    summary: 'The overall rating is now 7.2/10, high concern (it was moderate concern), after a new analysis.',
  });
  t.match(
    (await app.inject('/provider/site-a.test/feed.xml')).body,
    /<summary type="text">The overall rating is now 7\.2\/10, high concern \(it was moderate concern\), after a new analysis\.<\/summary>/,
  );
  t.equal(withBand.pagination.total, listed.pagination.total + 1);
  await sql`delete from rating_history where cause = 'analysis' and overall_rating = 7.2`.execute(db);
  const pageAfter = (await app.inject('/provider/site-a.test')).body;
  t.notMatch(pageAfter, /names none of the AI agents we know/, 'the kept page follows the new reading');
  t.match(pageAfter, /<th scope="row">GPTBot/);
  await pass();
  t.equal(await count('access_signal_changes'), 1, 'and nothing more on the next pass');
});

t.test('a failure that may pass (503) keeps the last reading: no change', async (t) => {
  web.sites.get(A)!.robots = 503;
  web.sites.get(A)!.tdmrep = 503;
  await pass();
  t.equal(await count('access_signal_changes'), 1);
  const a = (await latest('site-a.test')).signals;
  t.equal(a.robots.state, 'read');
  t.equal(a.tdmrep.state, 'read');
});
