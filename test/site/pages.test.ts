// The public pages through app.inject: status, type, security headers, the 404 page, search,
// escaping of everything that comes from agents or documents, and the stylesheet's caching.
import t, { type Test } from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';
import { escapeHtml } from '../../src/site/html.js';
import { refreshTermsState } from '../../src/ingest/index.js';
import { SITE_CSS_URL, SITE_CSS_VERSION } from '../../src/site/styles.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true', BASE_URL: 'https://ratings.example.net' });
const call = apiClient(t, app);
const db = database.handle.db;

const EVIL_NAME = '<script>alert(1)</script>';
const EVIL_MODEL = '<b onmouseover="alert(2)">model</b>';
const EVIL_TAKE = '<img src=x onerror=alert(1)> & "quoted"';

// A provider whose document-derived fields carry markup and a script URL.
await db
  .insertInto('providers')
  .values({
    slug: 'evil.test',
    name: 'Evil <i>Corp</i>',
    domain: 'evil.test',
    description: '<script>alert("desc")</script>',
    tos_url: 'javascript:alert(3)',
  })
  .execute();
const evil = await db.selectFrom('providers').select('id').where('slug', '=', 'evil.test').executeTakeFirstOrThrow();
await db
  .insertInto('clauses')
  .values({
    provider_id: evil.id,
    title: '<h1>Title</h1>',
    clause_text: '</blockquote><script>alert(4)</script>',
    plain_english: '<a href="javascript:alert(5)">click</a>',
    severity: 'high',
    category: '<u>cat</u>',
    ai_rating: 7,
  })
  .execute();
await db
  .insertInto('protections')
  .values({ provider_id: evil.id, title: 'P', description: 'd', impact: 'low', steps: JSON.stringify(['<script>step()</script>']) })
  .execute();
await db
  .insertInto('providers')
  .values({ slug: 'hidden.test', name: 'Hidden', domain: 'hidden.test', description: '', tos_url: 'https://h.test/', is_active: false })
  .execute();

const SECURITY = {
  'content-security-policy': "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function htmlPage(t: Test, res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  t.equal(res.statusCode, status);
  t.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  t.match(res.headers, SECURITY, 'security headers');
  t.match(res.body, /^<!doctype html>\n<html lang="en">/);
  t.match(res.body, /<title>[^<]+<\/title>/);
  t.match(res.body, /<meta name="description" content="[^"]+">/);
  t.match(res.body, /<a class="skip" href="#main">/);
  for (const landmark of ['<header', '<nav', '<main', '<footer']) t.ok(res.body.includes(landmark), landmark);
  t.match(res.body, /<footer[\s\S]*ToS Ratings[\s\S]*href="\/docs"[\s\S]*<\/footer>/, 'attribution footer');
}

t.test('index lists every active provider with rating and clause counts', async (t) => {
  const res = await app.inject('/');
  htmlPage(t, res, 200);
  t.match(res.body, /<title>ToS Ratings: Terms-of-Service ratings<\/title>/);
  t.match(res.body, /href="\/docs"/);
  for (const demo of DEMO_PROVIDERS) {
    t.ok(res.body.includes(`href="/provider/${demo.slug}"`), `links ${demo.slug}`);
    t.ok(res.body.includes(escapeHtml(demo.name)), demo.name);
  }
  t.notOk(res.body.includes('hidden.test'), 'inactive providers are not listed');
  t.match(res.body, /Evil &lt;i&gt;Corp&lt;\/i&gt;/);
  t.match(res.body, /1 critical<\/li>/);
  t.match(res.body, /<label for="q">/, 'the search field is labelled');
});

t.test('search filters by name or domain on the server', async (t) => {
  const byName = await app.inject('/?q=SnapVault');
  htmlPage(t, byName, 200);
  t.ok(byName.body.includes('href="/provider/snapvault.example"'));
  t.notOk(byName.body.includes('href="/provider/tunetide.example"'));
  t.match(byName.body, /1 provider matches/);
  t.match(byName.body, /value="SnapVault"/, 'the form keeps the search text');
  t.match(byName.body, /<meta name="robots" content="noindex">/);

  // `?query=`, the API's name for it, works the same (`?q=` is what the form sends).
  const byQuery = await app.inject('/?query=SnapVault');
  t.equal(byQuery.body, byName.body, '?query= is ?q=');
  const byDomain = await app.inject('/?q=ridelink.ex');
  t.ok(byDomain.body.includes('href="/provider/ridelink.example"'));
  t.equal(byDomain.body.match(/href="\/provider\//g)?.length, 1);

  const none = await app.inject('/?q=%25');
  t.match(none.body, /0 providers match/, 'LIKE wildcards are taken literally');

  const injected = await app.inject(`/?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
  t.equal(injected.statusCode, 200);
  t.notOk(injected.body.includes('<script>'));
  t.match(injected.body, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);

  const blank = await app.inject('/?q=%20%20');
  t.notOk(blank.body.includes('match'), 'a blank search shows everything');
  t.equal(blank.body.match(/href="\/provider\//g)?.length, DEMO_PROVIDERS.length + 1);

  const repeated = await app.inject('/?q=quill&q=snap');
  t.ok(repeated.body.includes('href="/provider/quillcloud.example"'));
});

t.test('provider page shows the data of endpoint 3', async (t) => {
  const demo = DEMO_PROVIDERS.find((p) => p.slug === 'chirpnest.example')!;
  const res = await app.inject('/provider/chirpnest.example');
  htmlPage(t, res, 200);
  t.match(res.body, new RegExp(`<title>${escapeRe(escapeHtml(demo.name))} Terms of Service: rated [\\d.]+/10`));
  t.match(res.body, /<link rel="canonical" href="https:\/\/ratings\.example\.net\/provider\/chirpnest\.example">/);
  t.ok(res.body.includes(`href="${escapeHtml(demo.tos_url)}"`), 'links the terms');
  t.match(res.body, /10 is the most concerning/);
  t.match(res.body, /<summary>How the rating is made<\/summary><p>[^<]*binding arbitration, a class-action waiver, termination at will/);
  t.match(res.body, /Clause ratings by agents<\/dt><dd>none counted yet \(agents may rate each clause; their opinions below are counted apart\)/);
  t.notMatch(res.body, 'Community votes');
  t.match(res.body, /not legal advice/);
  t.match(res.body, /Terms last changed<\/dt><dd><time datetime="/);
  for (const clause of demo.clauses) {
    t.ok(res.body.includes(escapeHtml(clause.clause_text)), `quote: ${clause.title}`);
    t.ok(res.body.includes(escapeHtml(clause.plain_english)), `plain English: ${clause.title}`);
  }
  const reader = await registerAgent(call, { name: 'Page reader', accept_terms: true });
  const detail = (await app.inject({ url: '/api/agents/providers/chirpnest.example', headers: { authorization: `Bearer ${reader}` } })).json();
  for (const protection of detail.protections as { title: string; steps: string[] }[]) {
    t.ok(res.body.includes(escapeHtml(protection.title)), protection.title);
    for (const step of protection.steps) t.ok(res.body.includes(`<li dir="auto">${escapeHtml(step)}</li>`), step);
  }
  const order = ['critical', 'high', 'medium', 'low'].map((s) => res.body.indexOf(`id="severity-${s}"`));
  t.same(
    [...order].sort((a, b) => a - b),
    order,
    'grouped by severity, most severe first',
  );
  t.ok(order.every((i) => i > 0));
});

t.test('each clause names its party; a low-confidence clause is marked to be read in full', async (t) => {
  const provider = await db
    .insertInto('providers')
    .values({ slug: 'parties.test', name: 'Parties', domain: 'parties.test', description: '', tos_url: 'https://parties.test/terms' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clause = (quote: string, party: 'provider' | 'user' | 'third-party', confidence: 'high' | 'low') => ({
    provider_id: provider.id,
    title: `Title ${quote}`,
    clause_text: quote,
    plain_english: `Plain ${quote}`,
    severity: 'high' as const,
    category: 'arbitration',
    ai_rating: 7,
    party,
    confidence,
  });
  await db
    .insertInto('clauses')
    .values([clause('Q-provider', 'provider', 'high'), clause('Q-user', 'user', 'low'), clause('Q-third', 'third-party', 'high')])
    .execute();
  const res = await app.inject('/provider/parties.test');
  htmlPage(t, res, 200);
  const article = (quote: string) => res.body.slice(res.body.indexOf(`<h4 dir="auto">Title ${quote}</h4>`)).split('</article>')[0]!;
  t.match(article('Q-provider'), /<dt>Right, power or duty of<\/dt><dd class="party">the provider<\/dd>/);
  t.match(article('Q-user'), /<dt>Right, power or duty of<\/dt><dd class="party">you<\/dd>/);
  t.match(article('Q-third'), /<dt>Right, power or duty of<\/dt><dd class="party">a third party<\/dd>/);
  t.match(article('Q-user'), /<p class="read-in-full" role="note"><strong>Read it in full:<\/strong>/, 'low confidence: read it in full');
  t.notOk(article('Q-provider').includes('read-in-full'), 'high confidence: no mark');
  t.equal(res.body.split('class="read-in-full"').length - 1, 1, 'one mark on the page');
});

t.test('agent names, models and takes are shown as text', async (t) => {
  const key = await registerAgent(call, { name: EVIL_NAME, model: EVIL_MODEL, accept_terms: true });
  const posted = await call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'tunetide.example', rating: 9, take: EVIL_TAKE } });
  t.equal(posted.status, 200);
  const res = await app.inject('/provider/tunetide.example');
  htmlPage(t, res, 200);
  t.ok(res.body.includes(escapeHtml(EVIL_NAME)), 'agent name escaped');
  t.ok(res.body.includes(escapeHtml(EVIL_MODEL)), 'model escaped');
  t.ok(res.body.includes(escapeHtml(EVIL_TAKE)), 'take escaped');
  t.notOk(/<script|<img|<b /i.test(res.body), 'no injected tag survives');
  t.match(res.body, /9\/10/);
});

t.test('document fields are escaped and script URLs are not linked', async (t) => {
  const res = await app.inject('/provider/evil.test');
  htmlPage(t, res, 200);
  t.notOk(/<script|<h1>Title|<u>|<i>Corp|href="javascript/i.test(res.body), 'no markup from the documents');
  t.ok(res.body.includes('&lt;/blockquote&gt;&lt;script&gt;alert(4)&lt;/script&gt;'));
  t.ok(res.body.includes('<dd><bdi>javascript:alert(3)</bdi></dd>'), 'the unsafe terms URL is shown as text only');
  t.notOk(res.body.includes('cite="javascript'));
});

t.test('opinions: the 20 newest', async (t) => {
  const provider = await db.selectFrom('providers').select('id').where('slug', '=', 'quillcloud.example').executeTakeFirstOrThrow();
  const agents = await db
    .insertInto('agents')
    .values(Array.from({ length: 25 }, (_, i) => ({ name: `Bulk agent ${i}`, description: '', key_hash: String(i).padStart(64, 'f') })))
    .returning('id')
    .execute();
  await db
    .insertInto('opinions')
    .values(
      agents.map((a, i) => ({
        agent_id: a.id,
        provider_id: provider.id,
        rating: 5,
        take: `take number ${i}.`,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    .execute();
  const res = await app.inject('/provider/quillcloud.example');
  t.equal(res.body.match(/class="opinion"/g)?.length, 20);
  t.ok(res.body.includes('take number 24.'), 'newest shown');
  t.notOk(res.body.includes('take number 4.'), 'oldest left out');
  t.ok(res.body.indexOf('take number 24.') < res.body.indexOf('take number 23.'), 'newest first');
  t.match(res.body, /<time datetime="2026-01-25T00:00:00.000Z">25 January 2026<\/time>/);
});

t.test('unknown or malformed slugs get the HTML 404 page', async (t) => {
  for (const url of [
    '/provider/no-such.example',
    '/provider/hidden.test',
    '/provider/UPPER',
    '/provider/a%20b',
    '/provider/%3Cscript%3E',
    `/provider/${'a'.repeat(254)}`,
  ]) {
    const res = await app.inject(url);
    htmlPage(t, res, 404);
    t.match(res.body, /Provider not found/, url);
    t.notOk(res.body.includes('<script'), url);
  }
});

t.test('stylesheet: cached under its versioned URL', async (t) => {
  const res = await app.inject(SITE_CSS_URL);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'text/css; charset=utf-8');
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.equal(res.headers.etag, `"${SITE_CSS_VERSION}"`);
  const again = await app.inject({ url: SITE_CSS_URL, headers: { 'if-none-match': `"${SITE_CSS_VERSION}"` } });
  t.equal(again.statusCode, 304);
  t.equal(again.body, '');
  const stale = await app.inject('/assets/site.css?v=old');
  t.equal(stale.headers['cache-control'], 'public, max-age=300');
  const page = await app.inject('/');
  t.ok(page.body.includes(`<link rel="stylesheet" href="${SITE_CSS_URL}">`));
});

t.test('API and /docs keep their own headers', async (t) => {
  const docs = await app.inject('/docs/');
  t.notMatch(docs.headers['content-security-policy'], /default-src 'none'/, "/docs has its own CSP, not the pages' one");
  t.match(docs.headers['content-security-policy'], /frame-ancestors 'none'/, 'and cannot be framed');
  t.equal(docs.headers['x-frame-options'], 'DENY');
  const api = await call('GET', '/api/agents/opinions');
  t.equal(api.status, 200);
  t.notOk(api.headers['content-security-policy']);
  const missing = await app.inject('/no/such/page');
  t.equal(missing.headers['content-type'], 'application/json; charset=utf-8', 'other unknown paths keep the JSON 404');
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

t.test('a provider whose terms are not in English says the rating does not describe them', async (t) => {
  await db
    .insertInto('providers')
    .values({ slug: 'deutsch.test', name: 'Deutsch', domain: 'deutsch.test', description: '', tos_url: 'https://d.test/' })
    .execute();
  const p = await db.selectFrom('providers').select('id').where('slug', '=', 'deutsch.test').executeTakeFirstOrThrow();
  const before = await app.inject({ method: 'GET', url: '/provider/deutsch.test' });
  t.notMatch(before.body, 'not in English');
  // Nothing analysed yet: no number, no green band, but "not rated yet".
  t.match(before.body, /<title>Deutsch Terms of Service: not analysed yet/);
  t.match(before.body, '<span class="rating big band-none">Not analysed yet</span>');
  t.notMatch(before.body, /band-low|1<small>\/10/, 'no low-concern badge for an unmeasured rating');
  const unratedIndex = await app.inject({ method: 'GET', url: '/?q=deutsch' });
  t.match(unratedIndex.body, '<span class="rating band-none">Not analysed yet</span>');
  t.notMatch(unratedIndex.body, 'Low concern');
  await db
    .insertInto('document_versions')
    .values({ provider_id: p.id, text: 'Nutzungsbedingungen', sha256: 'a'.repeat(64), format: 'text', is_english: false })
    .execute();
  // As ingestion does: the stored terms state, which the note and the band follow, is derived again.
  await refreshTermsState(db, p.id);
  const res = await app.inject({ method: 'GET', url: '/provider/deutsch.test' });
  htmlPage(t, res, 200);
  t.match(res.body, '<p class="note" role="note">The current terms are not in English.');
  const index = await app.inject({ method: 'GET', url: '/?q=deutsch' });
  t.match(res.body, '<span class="rating big band-none">Terms not in English</span>');
  t.notMatch(res.body, /band-low/);
  t.match(index.body, '<span class="rating band-none">Terms not in English</span>');
  t.notMatch(index.body, 'Low concern');
});
