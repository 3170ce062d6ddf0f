// Pages and feeds are kept in memory under content versions and are never stale: a provider's
// page and feed follow its own version (an opinion on A keeps B's page: B's data changed with
// triggers off, as no real writer can, stays unseen), the index and the site-wide feed follow
// every change; tracking counts, which are not content, are read on every request.
import t from 'tap';
import { sql } from 'kysely';
import { apiClient, registerAgent } from '../helpers/api.js';
import { buildTestApp } from '../helpers/test-app.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true', RATE_LIMIT_OPINIONS_PER_HOUR: '100' });
const call = apiClient(t, app);
const key = await registerAgent(call, { name: 'Page reader', accept_terms: true });
const db = database.handle.db;
const [a, b] = (await db.selectFrom('providers').select('slug').where('is_active', '=', true).orderBy('id').limit(2).execute()).map((p) => p.slug);
const page = async (url: string) => (await app.inject({ url })).body;

async function silently(statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

t.test("an opinion on A renews A's page and keeps B's", async (t) => {
  const [bPage, bFeed] = [await page(`/provider/${b}`), await page(`/provider/${b}/feed.xml`)];
  await page(`/provider/${a}`);
  await silently(sql`update providers set description = 'Silently described' where slug = ${b!}`);
  t.equal((await call('POST', '/api/agents/opinions', { key, body: { provider_slug: a, rating: 4, take: 'Seen on the page of A' } })).status, 200);
  t.match(await page(`/provider/${a}`), 'Seen on the page of A');
  t.equal(await page(`/provider/${b}`), bPage, "B's page is the kept one");
  t.equal(await page(`/provider/${b}/feed.xml`), bFeed);
  t.equal((await app.inject({ url: '/provider/nobody.example' })).statusCode, 404);
});

t.test('a write about B shows on its page at once', async (t) => {
  await sql`update providers set name = 'Renamed on the page' where slug = ${b!}`.execute(db);
  const html = await page(`/provider/${b}`);
  t.match(html, 'Renamed on the page');
  t.match(html, 'Silently described', 'rendered again, with everything now in the database');
});

t.test('the index and the feed follow every change; tracking counts every request', async (t) => {
  const before = await page('/');
  t.equal(await page('/'), before, 'nothing changed: the same page');
  await sql`update providers set name = 'AAA first in the index' where slug = ${a!}`.execute(db);
  t.match(await page('/'), 'AAA first in the index');
  const feed = await page('/feed.xml');
  const version = await sql<{ id: number }>`insert into document_versions (provider_id, text, sha256, format)
    select id, 'Terms', repeat('a', 64), 'text' from providers where slug = ${a!} returning id`.execute(db);
  await sql`insert into provider_changes (provider_id, document_version_id, added, removed, summary)
    select id, ${version.rows[0]!.id}, '[]', '[]', 'A change the feed shows' from providers where slug = ${a!}`.execute(db);
  const newer = await page('/feed.xml');
  t.not(newer, feed);
  t.match(newer, 'A change the feed shows');
  const counted = await page('/');
  await silently(
    sql`insert into provider_tracking (provider_id, source, url, host, last_outcome) select id, 'operator', tos_url, 'x.example', 'failed' from providers where slug = ${b!}`,
  );
  t.not(await page('/'), counted, 'tracking counts are read each time');
});
