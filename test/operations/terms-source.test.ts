// A provider we track is never a 404 (issue 45): on a server started with a snapshot and a
// catalogue, the API and the pages credit Open Terms Archive with the recorded date, say "not in
// English (French)" without a rating, and show a catalogue provider with no text yet as "not
// analysed yet" with the tracker's last attempt; the list tells these states apart and filters
// by what the terms contain, and the index does the same with a plain GET form.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { smallSnapshot, snapshotTakenIn } from '../helpers/small-snapshot.js';

const files = smallSnapshot(t);
const { app, database } = await buildTestApp(t, { SNAPSHOT: files.manifest, CATALOGUE_FILE: files.catalogue });
const db = database.handle.db;
const call = apiClient(t, app);
const key = await registerAgent(call);

t.test('before anything is analysed, every catalogue provider answers 200, not analysed yet', async (t) => {
  const detail = await call('GET', '/api/agents/providers/waiting.test', { key });
  t.equal(detail.status, 200);
  t.match(detail.body.provider, { terms_state: 'not-read-yet', clause_count: 0, source: { origin: 'none', last_attempt: null } });
  t.match(detail.body.provider.source.summary, /^Not read yet/);
  const page = await app.inject({ method: 'GET', url: '/provider/waiting.test' });
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Not analysed yet');
  t.notMatch(page.body, 'No concerning clauses have been found');
});

t.test('once the snapshot is in: credited, states told apart, filters', async (t) => {
  await snapshotTakenIn(db);
  // The tracker's last attempt, as a failed fetch records it.
  const waiting = await db.selectFrom('providers').select('id').where('slug', '=', 'waiting.test').executeTakeFirstOrThrow();
  await db
    .updateTable('provider_tracking')
    .set({ last_attempt_at: new Date('2026-11-27T10:42:00Z'), last_outcome: 'failed', last_error: 'DNS: no such host (waiting.test)' })
    .where('provider_id', '=', waiting.id)
    .execute();
  await db.updateTable('providers').set({ updated_at: new Date() }).where('id', '=', waiting.id).execute();

  const english = await call('GET', '/api/agents/providers/english.test', { key });
  t.equal(english.status, 200);
  t.match(english.body.provider, {
    terms_state: 'analysed',
    terms_language: 'en',
    source: { origin: 'snapshot', summary: 'Terms as recorded by Open Terms Archive on 2026-08-22', credit: 'Open Terms Archive', licence: 'ODC-By 1.0' },
  });
  t.ok(english.body.clauses.length > 0);
  const french = await call('GET', '/api/agents/providers/french.test', { key });
  t.match(french.body.provider, { terms_state: 'not-english', terms_language: 'fr', rating_note: /not in English/ });
  const still = await call('GET', '/api/agents/providers/waiting.test', { key });
  t.equal(still.body.provider.source.summary, 'Not read yet: the last fetch failed at 10:42 UTC on 27 November 2026 (DNS: no such host (waiting.test)).');

  const list = async (query: string) => (await call('GET', `/api/agents/providers${query}`, { key })).body;
  const all = await list('');
  t.same(
    all.providers.map((p: { slug: string; terms_state: string }) => [p.slug, p.terms_state]),
    [
      ['english.test', 'analysed'],
      ['french.test', 'not-english'],
      ['waiting.test', 'not-read-yet'],
    ],
  );
  t.same(
    (await list('?terms_state=not-read-yet')).providers.map((p: { slug: string }) => p.slug),
    ['waiting.test'],
  );
  t.same(
    (await list('?mandatory_arbitration=true&bots_forbidden=true')).providers.map((p: { slug: string }) => p.slug),
    ['english.test'],
  );
  t.equal((await list('?class_action_waiver=false')).pagination.total, 2);
  const bad = await call('GET', '/api/agents/providers?bots_forbidden=maybe', { key });
  t.equal(bad.status, 400);
  t.match(bad.body, { error: String });

  const page = await app.inject({ method: 'GET', url: '/provider/english.test' });
  t.match(page.body, 'Terms as recorded by Open Terms Archive on 2026-08-22');
  t.match(page.body, 'rel="license');
  const frenchPage = await app.inject({ method: 'GET', url: '/provider/french.test' });
  t.match(frenchPage.body, 'Terms not in English (French).');
  const waitingPage = await app.inject({ method: 'GET', url: '/provider/waiting.test' });
  t.match(waitingPage.body, 'the last fetch failed at 10:42 UTC on 27 November 2026');
  t.match(waitingPage.body, '<dt>Terms last changed</dt><dd>not analysed yet');

  const index = await app.inject({ method: 'GET', url: '/?has=not-english' });
  t.match(index.body, 'Service Français');
  t.notMatch(index.body, 'English Service');
  t.match(index.body, '<input type="checkbox" name="has" value="not-english" checked>');
  const byRating = await app.inject({ method: 'GET', url: '/?sort=rating' });
  t.ok(byRating.body.indexOf('English Service') < byRating.body.indexOf('Waiting Service'), 'rated providers before unrated ones');
});
