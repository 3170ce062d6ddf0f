// A provider page says only what is known, in one order: the rating first (its band, why, its
// history as an inline SVG), then the clauses, then the contract facts. A critical clause holds
// the band at high concern on the page, the index, the API, MCP and the feed alike; the demo
// providers' clauses, facts, guides and agent-access check read the same sentences; signals never
// read are said to be just that.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { giveStanding } from '../helpers/standing.js';
import { DEMO_PROVIDERS, demoTermsText } from '../../db/seed/demo-providers.js';
import { CATEGORY_DEFINITIONS } from '../../src/analysis/categories/index.js';
import { readFacts } from '../../src/analysis/index.js';
import { refreshProviderRating, refreshTermsState } from '../../src/ingest/index.js';
import { insertSignalVersion } from '../../src/repositories/access-signals.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true', BASE_URL: 'https://ratings.example.net' });
const call = apiClient(t, app);
const db = database.handle.db;
const key = await registerAgent(call, { name: 'Layout reader', accept_terms: true });

t.test('the rating comes first, then the clauses, then the contract facts', async (t) => {
  const res = await app.inject('/provider/chirpnest.example');
  t.equal(res.statusCode, 200);
  const at = (needle: string) => {
    const i = res.body.indexOf(needle);
    t.ok(i >= 0, `has ${needle}`);
    return i;
  };
  const order = [
    at('Overall rating: 6.5 out of 10, high concern.'),
    at('Why this rating'),
    at('id="clauses"'),
    at('id="contract-facts"'),
    at('id="protections"'),
  ];
  t.same(
    order,
    [...order].sort((a, b) => a - b),
    'rating, why, clauses, facts, guides',
  );
  t.notMatch(res.body, /<script/i, 'no JavaScript');
});

t.test('a critical clause holds the band at high concern everywhere, and the page says which', async (t) => {
  const ridelink = (await call('GET', '/api/agents/providers/ridelink.example', { key })).body;
  const critical = ridelink.clauses.find((c: any) => c.severity === 'critical');
  t.equal(critical.title, 'Location data sold to third parties');
  t.equal(ridelink.provider.overall_rating, 6.5);
  t.same(ridelink.provider.band, { level: 'high', label: 'High concern', colour: '#9a3412' });
  t.same(ridelink.provider.rating_reasons.critical_floor, { clause_id: critical.id, title: critical.title });
  const page = (await app.inject('/provider/ridelink.example')).body;
  t.match(page, `A critical clause, <a href="#clause-${critical.id}">Location data sold to third parties</a>, holds the rating at high concern`);
  t.match(page, `id="clause-${critical.id}"`, 'the link lands on the clause');
  const index = (await app.inject('/')).body;
  const card = index.slice(index.indexOf('href="/provider/ridelink.example"'));
  t.match(card.slice(0, 600), /<span class="rating band-high" title="High concern">6\.5<small>\/10<\/small><\/span>/);
  t.match(card.slice(0, 800), /High concern · 4 clauses/);
  const listed = (await call('GET', '/api/agents/providers?query=ridelink', { key })).body.providers[0];
  t.same(listed.band.level, 'high', 'the list carries the band');
  const analysed = await call('POST', '/api/agents/analyze', {
    key,
    body: { text: 'We may suspend or terminate your account at any time, for any reason or no reason, at our sole discretion, without notice.' },
  });
  t.equal(analysed.status, 200);
  t.ok(
    analysed.body.clauses.some((c: any) => c.severity === 'critical'),
    'analyze finds a critical clause',
  );
  t.equal(analysed.body.overall_rating, 6.5, 'and rates the text high concern at least');
  t.equal(analysed.body.band.level, 'high');
  t.ok(analysed.body.rating_reasons.critical_floor, 'the floor is named');
});

t.test('why this rating: the clauses that gave the most points, with their points', async (t) => {
  const detail = (await call('GET', '/api/agents/providers/chirpnest.example', { key })).body;
  const { reasons } = detail.provider.rating_reasons;
  t.ok(reasons.length >= 2);
  t.same(
    reasons.map((r: any) => r.points),
    [...reasons.map((r: any) => r.points)].sort((a: number, b: number) => b - a),
    'most points first',
  );
  t.equal(reasons[0].category, 'arbitration');
  const page = (await app.inject('/provider/chirpnest.example')).body;
  for (const r of reasons) t.match(page, `<a href="#clause-${r.clause_id}">${r.title}</a>`);
  t.match(page, `${reasons[0].points.toFixed(2)} points`);
});

t.test('the rating has a history: an inline SVG on the page, points in the detail, a feed entry when the band changes', async (t) => {
  // A provider at high concern with no critical clause; agents with standing rate its clauses down until its band changes.
  const { id } = await db
    .insertInto('providers')
    .values({ slug: 'falling.test', name: 'Falling', domain: 'falling.test', description: '', tos_url: 'https://falling.test/terms' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const categories = ['arbitration', 'class-action-waiver', 'unilateral-termination', 'unilateral-change'];
  await db
    .insertInto('clauses')
    .values(
      categories.map((category, i) => ({
        provider_id: id,
        title: category,
        clause_text: `${category}.`,
        plain_english: 'p',
        severity: 'high' as const,
        category,
        ai_rating: 8,
        position: i,
      })),
    )
    .execute();
  // As every writer of clauses does: the terms state (clauses by hand: analysed) first, then the rating.
  await db.transaction().execute(async (trx) => {
    await refreshTermsState(trx, Number(id));
    await refreshProviderRating(trx, Number(id), 'terms');
  });
  const before = (await call('GET', '/api/agents/providers/falling.test', { key })).body;
  t.equal(before.provider.band.level, 'high');
  t.same(
    before.provider.rating_history.map((p: any) => [p.cause, p.overall_rating, p.band]),
    [['terms', before.provider.overall_rating, 'high']],
  );
  for (let i = 0; i < 6; i++) {
    const voter = await registerAgent(call, { name: `Falling voter ${i}`, accept_terms: true });
    await giveStanding(db, voter);
    for (const c of before.clauses)
      t.equal((await call('POST', `/api/agents/clauses/${c.id}/rating`, { key: voter, body: { rating: 1 } })).body.status, 'counted');
  }
  const after = (await call('GET', '/api/agents/providers/falling.test', { key })).body.provider;
  t.equal(after.band.level, 'moderate', `the votes moved it to ${after.band.label} (${after.overall_rating})`);
  t.same(
    after.rating_history.map((p: any) => p.cause),
    ['terms', 'votes'],
    'one point for the day the votes moved it',
  );
  const page = (await app.inject('/provider/falling.test')).body;
  t.match(page, /<svg class="rating-chart"[^>]*role="img" aria-label="Overall rating over time: [^"]+"/);
  t.equal(page.match(/<circle /g)?.length, 2, 'a dot a point');
  t.match(page, /<summary>The points in words<\/summary>/);
  const feed = (await app.inject('/provider/falling.test/feed.xml')).body;
  t.match(feed, '<title type="text">Falling: now moderate concern (was high concern)</title>');
  t.match(feed, /after community votes/);
  const all = (await app.inject('/feed.xml')).body;
  t.match(all, 'Falling: now moderate concern (was high concern)', 'in the feed of every provider too');
});

t.test('demo providers: clauses, facts, guides and agent access read the same sentences', async (t) => {
  for (const demo of DEMO_PROVIDERS) {
    const detail = (await call('GET', `/api/agents/providers/${demo.slug}`, { key })).body;
    t.same(detail.facts, readFacts(demoTermsText(demo)), `${demo.slug}: its facts are read from its clauses' quotes`);
    const categories = new Set(detail.clauses.map((c: any) => c.category));
    const factsOf = (d: unknown) => Object.keys((d as { facts?: object }).facts ?? {});
    for (const fact of new Set(CATEGORY_DEFINITIONS.flatMap(factsOf)))
      if (detail.facts[fact] !== null)
        t.ok(
          CATEGORY_DEFINITIONS.some((x) => categories.has(x.slug) && factsOf(x).includes(fact)),
          `${demo.slug}: its ${fact} fact has a clause of its topic`,
        );
    for (const g of detail.protections)
      for (const e of g.evidence ?? [])
        t.ok(e.clause_id === null || detail.clauses.some((c: any) => c.id === e.clause_id), `${demo.slug}: ${g.title} links to a listed clause`);
    const access = (await call('GET', `/api/agents/providers/${demo.slug}/agent-access?purpose=train-ai`, { key })).body;
    t.notMatch(JSON.stringify(access), /have not been analysed/, `${demo.slug}: its agent-access check reads its analysed terms`);
  }
  const chirp = (await app.inject('/provider/chirpnest.example')).body;
  t.notMatch(chirp, /let you refuse arbitration/, 'ChirpNest offers no opt-out, and its guide says none');
  t.match(chirp, /no way to opt out of it was found/);
  const quill = (await app.inject('/provider/quillcloud.example')).body;
  t.match(quill, /These terms let you refuse arbitration within 30 days of accepting them\./);
  t.match(quill, /<a href="#fact-arbitration">the contract fact \(arbitration\)<\/a>/, 'linked to its evidence');
});

t.test('signals not read: the page says only that', async (t) => {
  const page = (await app.inject('/provider/snapvault.example')).body;
  t.match(page, /which have not been read yet/);
  t.notMatch(page, /robots\.txt names none/, 'nothing about a robots.txt nobody read');
  const provider = await db.selectFrom('providers').select('id').where('slug', '=', 'snapvault.example').executeTakeFirstOrThrow();
  const signals = {
    origin: 'https://snapvault.example',
    robots: { state: 'read', text: 'User-agent: *\nAllow: /', detail: null },
    page: { state: 'read', url: 'https://snapvault.example/terms', headers: {}, meta: {}, detail: null },
    tdmrep: { state: 'missing', rules: null, detail: 'HTTP 404' },
    llmsTxt: 'missing',
  };
  await db.transaction().execute((trx) => insertSignalVersion(trx, Number(provider.id), JSON.stringify(signals), 'a'.repeat(64)));
  const read = (await app.inject('/provider/snapvault.example')).body;
  t.match(read, /robots\.txt names none of the AI agents we know/, 'once read, it may say so');
});
