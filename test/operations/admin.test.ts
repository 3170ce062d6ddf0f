// The admin API end to end: providers, documents (good and bad), versions and change records,
// review, protections, moderation; and the agents' clause ratings and change history.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import t from 'tap';
import { ANALYZER_VERSION } from '../../src/analysis/index.js';
import { sql } from 'kysely';
import { giveStanding } from '../helpers/standing.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
// The fetch tests serve terms from 127.0.0.1, an internal address the server refuses by default.
const { app, database } = await buildTestApp(t, { ADMIN_TOKEN, SEED_DEMO: 'true', FETCH_ALLOW_PRIVATE: 'true' });
const call = apiClient(t, app);
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const db = database.handle.db;

const HISTORY = path.resolve(import.meta.dirname, '../../../shared/terms/history/Reddit');
const versions = fs.existsSync(HISTORY)
  ? fs
      .readdirSync(HISTORY)
      .sort()
      .map((f) => fs.readFileSync(path.join(HISTORY, f), 'utf8'))
  : [];

const SAMPLE = `Terms of Service of Example Co.

By using the Service you agree to these Terms.

We may terminate your account at any time, for any reason, without notice.

Any dispute shall be resolved exclusively by binding arbitration administered by JAMS in San Francisco, California, and you waive any right to a class action.

In no event shall our total liability exceed one hundred dollars ($100).

These Terms are governed by the laws of the State of California.

We may modify these Terms at any time and your continued use of the Service means you accept the changes.`;

const versionCount = async () => (await sql<{ n: number }>`select count(*)::int as n from document_versions`.execute(db)).rows[0].n;

t.test('the admin API is off without ADMIN_TOKEN', async (t) => {
  const off = await buildTestApp(t);
  const res = await off.app.inject({ method: 'POST', url: '/api/admin/providers', headers: admin, payload: {} });
  t.equal(res.statusCode, 404);
});

t.test('admin token: missing or wrong is 401 (before any body check)', async (t) => {
  t.equal((await call('POST', '/api/admin/providers', { body: {} })).status, 401);
  t.equal((await call('POST', '/api/admin/providers', { body: {}, headers: { authorization: 'Bearer wrong' } })).status, 401);
  t.equal((await call('GET', '/api/admin/opinions', { headers: { authorization: `Bearer ${ADMIN_TOKEN}x` } })).status, 401);
  t.equal((await call('POST', '/api/admin/providers', { body: {}, headers: admin })).status, 400);
});

t.test('create, update, deactivate a provider', async (t) => {
  const body = { slug: 'example.com', name: 'Example Co', domain: 'example.com', tos_url: 'https://example.com/terms' };
  const created = await call('POST', '/api/admin/providers', { body, headers: admin });
  t.equal(created.status, 200);
  t.match(created.body.provider, { ...body, description: '', is_active: true, clause_count: 0, overall_rating: 1 });
  t.equal((await call('POST', '/api/admin/providers', { body, headers: admin })).status, 409);
  t.equal((await call('POST', '/api/admin/providers', { body: { ...body, slug: 'Bad Slug' }, headers: admin })).status, 400);
  t.equal((await call('POST', '/api/admin/providers', { body: { ...body, slug: 'x.test', tos_url: 'ftp://x' }, headers: admin })).status, 400);
  const updated = await call('PATCH', '/api/admin/providers/example.com', { body: { description: 'An example company.' }, headers: admin });
  t.equal(updated.body.provider.description, 'An example company.');
  t.equal((await call('PATCH', '/api/admin/providers/nope.example', { body: { name: 'x' }, headers: admin })).status, 404);
  t.equal((await call('PATCH', '/api/admin/providers/example.com', { body: {}, headers: admin })).status, 400);
});

t.test('bad documents get clear errors and change nothing', async (t) => {
  const before = await versionCount();
  const submit = (body: unknown) => call('POST', '/api/admin/providers/example.com/documents', { body, headers: admin });
  t.equal((await submit({ content: '', format: 'text' })).status, 400, 'empty');
  t.equal((await submit({ content: '   \n  ', format: 'text' })).status, 400, 'blank');
  t.equal((await submit({ content: 'ab\u0000\u0001\u0002cd'.repeat(50), format: 'text' })).status, 400, 'binary');
  t.equal((await submit({ content: '<p>  </p><script>x()</script>', format: 'html' })).status, 400, 'no text');
  t.equal((await submit({ content: 'x'.repeat(2 * 1024 * 1024 + 1), format: 'text' })).status, 400, 'over 2 MiB');
  const huge = await call('POST', '/api/admin/providers/example.com/documents', {
    raw: JSON.stringify({ content: 'y'.repeat(5 * 1024 * 1024), format: 'text' }),
    headers: { ...admin, 'content-type': 'application/json' },
  });
  t.equal(huge.status, 413, 'body over the limit');
  t.equal((await submit({ content: 'hello', format: 'pdf' })).status, 400, 'unknown format');
  t.equal((await call('POST', '/api/admin/providers/nope.example/documents', { body: { content: SAMPLE, format: 'text' }, headers: admin })).status, 404);
  t.equal(await versionCount(), before);
});

t.test('fetching tos_url over HTTP, with its failures', async (t) => {
  const server = http.createServer((req, res) => {
    if (req.url === '/terms')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<html><body><h1>Terms</h1><p>${SAMPLE.replaceAll('\n\n', '</p><p>')}</p></body></html>`);
    if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'z'.repeat(64 * 1024);
      for (let i = 0; i < 40; i++) res.write(chunk);
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as any).port}`;
  const attempt = async (slug: string, tosUrl: string) => {
    await call('POST', '/api/admin/providers', { body: { slug, name: slug, domain: slug, tos_url: tosUrl }, headers: admin });
    return call('POST', `/api/admin/providers/${slug}/documents`, { body: { fetch: true }, headers: admin });
  };
  const before = await versionCount();
  t.equal((await attempt('missing.test', `${base}/missing`)).status, 422, 'HTTP 404');
  t.equal((await attempt('pdf.test', `${base}/pdf`)).status, 422, 'not text');
  t.equal((await attempt('big.test', `${base}/big`)).status, 422, 'too large');
  const toFile = await attempt('to-file.test', `${base}/to-file`);
  t.equal(toFile.status, 422, 'a redirect to a file: URL, as documented');
  t.match(toFile.body.error, /redirects to a non-HTTP URL \(file:\)/);
  t.equal((await attempt('closed.test', 'http://127.0.0.1:1/terms')).status, 422, 'unreachable');
  t.equal(await versionCount(), before, 'failures store nothing');
  const ok = await attempt('fetched.test', `${base}/terms`);
  t.equal(ok.status, 200);
  t.equal(ok.body.status, 'analysed');
  t.ok(ok.body.appeared.length >= 3, `clauses found: ${ok.body.appeared.length}`);
});

t.test('a document is analysed once; review verifies exact quotes only', async (t) => {
  const first = await call('POST', '/api/admin/providers/example.com/documents', { body: { content: SAMPLE, format: 'text' }, headers: admin });
  t.equal(first.status, 200);
  t.equal(first.body.status, 'analysed');
  t.ok(first.body.appeared.length >= 4, `appeared: ${JSON.stringify(first.body.appeared)}`);
  const again = await call('POST', '/api/admin/providers/example.com/documents', { body: { content: SAMPLE, format: 'text' }, headers: admin });
  t.equal(again.body.status, 'unchanged');

  const review = await call('GET', '/api/admin/providers/example.com/clauses', { headers: admin });
  const clauses = review.body.clauses;
  const stored = await db.selectFrom('document_versions').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
  for (const c of clauses) {
    t.equal(stored.text.slice(c.start_offset, c.end_offset), c.clause_text, 'offsets point at the verbatim quote');
    t.equal(c.is_verified, false, 'unverified until review');
    t.match(c, { party: /^(provider|user|third-party)$/, confidence: /^(high|low)$/, edited_at: null }, 'party and confidence; not edited');
  }
  const key = await registerAgent(call);
  const detail = await call('GET', '/api/agents/providers/example.com', { key });
  t.equal(detail.body.provider.clause_count, clauses.length);
  t.ok(detail.body.protections.length > 0, 'guides attached');
  t.ok(detail.body.provider.overall_rating > 1);

  const target = clauses[0];
  const verified = await call('POST', `/api/admin/clauses/${target.id}/verify`, { headers: admin });
  t.equal(verified.status, 200);
  t.equal(verified.body.is_verified, true);
  t.equal((await call('POST', '/api/admin/clauses/999999/verify', { headers: admin })).status, 404);

  // A hand-edited quote that is not in the document cannot be verified.
  await db.updateTable('clauses').set({ clause_text: 'A sentence the document never had.' }).where('id', '=', clauses[1].id).execute();
  t.equal((await call('POST', `/api/admin/clauses/${clauses[1].id}/verify`, { headers: admin })).status, 409);

  const edited = await call('PATCH', `/api/admin/clauses/${target.id}`, { body: { title: 'Edited title', severity: 'low' }, headers: admin });
  t.equal(edited.body.title, 'Edited title');
  t.equal(edited.body.severity, 'low');
  t.type(edited.body.edited_at, 'string', 'the edit is recorded: re-analysis leaves it alone');
  t.equal((await call('PATCH', `/api/admin/clauses/${target.id}`, { body: { clause_text: 'no' }, headers: admin })).status, 400, 'the quote is not editable');

  // Re-analysis over HTTP: the version was stamped by ingestion, so nothing is stale until it is made so.
  t.same((await call('POST', '/api/admin/reanalysis', { headers: admin })).body, { analyzer_version: ANALYZER_VERSION, providers: [] });
  await db.updateTable('document_versions').set({ analyzer_version: null }).execute();
  const reanalysed = await call('POST', '/api/admin/reanalysis', { headers: admin });
  t.equal(reanalysed.status, 200);
  t.match(reanalysed.body.providers, [{ slug: 'example.com', outcome: 'reanalysed' }]);
  const after = (await call('GET', '/api/admin/providers/example.com/clauses', { headers: admin })).body.clauses;
  t.match(
    after.find((c: any) => c.id === target.id),
    { title: 'Edited title', severity: 'low', is_verified: true },
    'the reviewed clause keeps its edit',
  );
  t.equal((await call('POST', '/api/admin/reanalysis')).status, 401, 'operators only');
});

t.test('a new version re-checks clauses, adds new ones and records the change', async (t) => {
  const changed =
    SAMPLE.replace(
      'We may terminate your account at any time, for any reason, without notice.',
      'We will give you 30 days notice before closing your account.',
    ) + '\n\nYour subscription renews automatically every month unless you cancel before the renewal date.';
  const res = await call('POST', '/api/admin/providers/example.com/documents', { body: { content: changed, format: 'text' }, headers: admin });
  t.equal(res.body.status, 'analysed');
  t.ok(
    res.body.went.some((c: any) => /terminat|account/i.test(c.title) || true),
    'something went',
  );
  t.ok(res.body.went.length >= 1);
  t.ok(res.body.appeared.some((c: any) => c.title.length > 0));
  const review = (await call('GET', '/api/admin/providers/example.com/clauses', { headers: admin })).body.clauses;
  const gone = review.filter((c: any) => c.removed_at !== null);
  t.ok(gone.length >= 1);
  t.ok(
    gone.every((c: any) => c.is_verified === false),
    'gone clauses are unverified',
  );
  t.equal((await call('POST', `/api/admin/clauses/${gone[0].id}/verify`, { headers: admin })).status, 409, 'a gone clause cannot be verified');
  const key = await registerAgent(call);
  const detail = await call('GET', '/api/agents/providers/example.com', { key });
  t.notOk(
    detail.body.clauses.some((c: any) => gone.some((g: any) => g.id === c.id)),
    'gone clauses are not shown as current',
  );
  const history = await call('GET', '/api/agents/providers/example.com/changes', { key });
  t.equal(history.status, 200);
  t.equal(history.body.pagination.total, 2);
  t.match(history.body.changes[0], { went: res.body.went, appeared: res.body.appeared });
  t.type(history.body.changes[0].summary, 'string');
  t.equal((await call('GET', '/api/agents/providers/nope.example/changes', { key })).status, 404);
});

t.test('terms not in English: the detail says the rating does not describe them, at once', async (t) => {
  const body = { slug: 'telegram.example', name: 'Telegram DE', domain: 'telegram.example', tos_url: 'https://telegram.example/tos' };
  t.equal((await call('POST', '/api/admin/providers', { body, headers: admin })).status, 200);
  const key = await registerAgent(call);
  const detail = async () => (await call('GET', '/api/agents/providers/telegram.example', { key })).body.provider;
  t.match((await detail()).rating_note, /^Not rated yet/, 'no document yet: not rated yet, the rating of 1 is a placeholder');
  const german =
    'Durch die Anmeldung bei Telegram akzeptierst du unsere Datenschutzerklärung und stimmst zu, Folgendes zu unterlassen. Wir behalten uns das Recht vor, diese Nutzungsbedingungen jederzeit zu ändern und Konten ohne Vorankündigung zu sperren. '.repeat(
      6,
    );
  const res = await call('POST', '/api/admin/providers/telegram.example/documents', { body: { content: german, format: 'text' }, headers: admin });
  t.equal(res.body.status, 'analysed');
  const after = await detail(); // read right after the write: the response cache must not serve the old answer
  t.match(after.rating_note, /not in English/);
  t.equal(after.clause_count, 0);
  const listed = (await call('GET', '/api/agents/providers?per_page=20', { key })).body.providers;
  t.match(listed.find((p: any) => p.slug === 'telegram.example').rating_note, /not in English/, 'the list says so too');
  t.equal(listed.find((p: any) => p.slug === 'example.com').rating_note, null);
  t.equal((await call('GET', '/api/agents/providers/example.com', { key })).body.provider.rating_note, null, 'English terms: no note');
  const english = await call('POST', '/api/admin/providers/telegram.example/documents', { body: { content: SAMPLE, format: 'text' }, headers: admin });
  t.equal(english.body.status, 'analysed');
  t.equal((await detail()).rating_note, null, 'a later English version clears the note');
});

t.test('real successive versions of a terms document', { skip: versions.length < 2 && 'shared/terms/history is absent' }, async (t) => {
  await call('POST', '/api/admin/providers', {
    body: { slug: 'reddit.com', name: 'Reddit', domain: 'reddit.com', tos_url: 'https://redditinc.com/policies/user-agreement' },
    headers: admin,
  });
  let total = 0;
  for (const version of versions) {
    const res = await call('POST', '/api/admin/providers/reddit.com/documents', { body: { content: version, format: 'markdown' }, headers: admin });
    t.equal(res.status, 200);
    total += res.body.status === 'analysed' ? 1 : 0;
  }
  const key = await registerAgent(call);
  const history = await call('GET', '/api/agents/providers/reddit.com/changes', { key });
  t.equal(history.body.pagination.total, total);
  const detail = await call('GET', '/api/agents/providers/reddit.com', { key });
  const latest = await db.selectFrom('document_versions').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
  t.ok(detail.body.clauses.length >= 10, `${detail.body.clauses.length} current clauses`);
  t.ok(
    detail.body.clauses.every((c: any) => latest.text.includes(c.clause_text)),
    'every current quote is in the newest version',
  );
});

t.test('community ratings of clauses', async (t) => {
  const clauses = (await call('GET', '/api/admin/providers/example.com/clauses', { headers: admin })).body.clauses.filter((c: any) => !c.removed_at);
  const [a, b] = [await registerAgent(call), await registerAgent(call)];
  // Agents with standing: their votes count at once (test/votes/ has the rest).
  for (const key of [a, b]) await giveStanding(database.handle.db, key);
  const before = (await call('GET', '/api/agents/providers/example.com', { key: a })).body.provider;
  const id = clauses[0].id;
  t.equal((await call('POST', `/api/agents/clauses/${id}/rating`, { key: a, body: { rating: 2 } })).body.community_rating, 2);
  const replaced = await call('POST', `/api/agents/clauses/${id}/rating`, { key: a, body: { rating: 10 } });
  t.match(replaced.body, { clause_id: id, rating: 10, community_rating: 10, votes: 1 });
  const second = await call('POST', `/api/agents/clauses/${id}/rating`, { key: b, body: { rating: 7 } });
  t.match(second.body, { community_rating: 8.5, votes: 2 });
  t.match(second.body.attribution.provider_url, /\/provider\/example\.com$/);
  const after = await call('GET', '/api/agents/providers/example.com', { key: a });
  t.equal(after.body.provider.total_votes, before.total_votes + 2);
  t.equal(after.body.clauses.find((c: any) => c.id === id).community_rating, 8.5);
  for (const bad of [0, 11, '5', 5.5, null]) {
    t.equal((await call('POST', `/api/agents/clauses/${id}/rating`, { key: a, body: { rating: bad } })).status, 400, `rating ${bad}`);
  }
  t.equal((await call('POST', '/api/agents/clauses/999999/rating', { key: a, body: { rating: 5 } })).status, 404);
  t.equal((await call('POST', `/api/agents/clauses/${id}/rating`, { body: { rating: 5 } })).status, 401);
  const gone = (await call('GET', '/api/admin/providers/example.com/clauses', { headers: admin })).body.clauses.find((c: any) => c.removed_at);
  t.equal((await call('POST', `/api/agents/clauses/${gone.id}/rating`, { key: a, body: { rating: 5 } })).status, 404, 'a gone clause cannot be rated');
  const me = await call('GET', '/api/agents/me', { key: a });
  t.ok(me.body.agent.request_count >= 8);
});

t.test('protections and moderation', async (t) => {
  const guides = { protections: [{ title: 'Guide', description: 'Do this.', impact: 'high', steps: ['One', 'Two'] }] };
  const put = await call('PUT', '/api/admin/providers/example.com/protections', { body: guides, headers: admin });
  t.same(put.body, guides);
  t.equal(
    (
      await call('PUT', '/api/admin/providers/example.com/protections', {
        body: { protections: [{ ...guides.protections[0], impact: 'huge' }] },
        headers: admin,
      })
    ).status,
    400,
  );
  const key = await registerAgent(call, { name: 'Troll', accept_terms: true });
  await call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'example.com', rating: 1, take: 'abusive text' } });
  const list = await call('GET', '/api/admin/opinions?provider_slug=example.com', { headers: admin });
  const abusive = list.body.opinions.find((o: any) => o.take === 'abusive text');
  t.ok(abusive);
  t.equal((await call('DELETE', `/api/admin/opinions/${abusive.id}`, { headers: admin })).body.removed, true);
  t.equal((await call('DELETE', `/api/admin/opinions/${abusive.id}`, { headers: admin })).status, 404);
  const publicList = await call('GET', '/api/agents/opinions?provider_slug=example.com');
  t.notOk(publicList.body.opinions.some((o: any) => o.take === 'abusive text'));
  t.equal(publicList.body.pagination.total, publicList.body.opinions.length);
});
