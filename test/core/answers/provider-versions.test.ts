// Answers about one provider (its detail, its opinions, compare) are kept under that provider's
// own content version: a write about provider A renews A's answers and keeps B's. To tell a
// kept answer from a new rendering, B's data is then changed with triggers off (as no real
// writer can), so only a re-rendered answer would show it.
import t from 'tap';
import { sql } from 'kysely';
import { apiClient, registerAgent } from '../../helpers/api.js';
import { buildTestApp } from '../../helpers/test-app.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true', RATE_LIMIT_OPINIONS_PER_HOUR: '100' });
const call = apiClient(t, app);
const key = await registerAgent(call, { name: 'Versioned', accept_terms: true });
const db = database.handle.db;
const [a, b, c] = (await db.selectFrom('providers').select('slug').where('is_active', '=', true).orderBy('id').limit(3).execute()).map((p) => p.slug);

/** Changes B's clause titles and protections without firing any trigger (no version moves). */
async function changeSilently(slug: string, title: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update clauses set title = ${title} where provider_id = (select id from providers where slug = ${slug})`.execute(trx);
  });
}

const opinionsOf = (slug: string) => call('GET', `/api/agents/opinions?provider_slug=${slug}`);
const detailOf = (slug: string) => call('GET', `/api/agents/providers/${slug}`, { key });
const compare = (slugs: string[]) => call('POST', '/api/agents/compare', { key, body: { slugs } });
const opine = (slug: string, take: string) => call('POST', '/api/agents/opinions', { key, body: { provider_slug: slug, rating: 7, take } });

t.test('an opinion on A renews the answers about A and keeps those about B', async (t) => {
  const [bDetail, bOpinions, bcCompare] = [await detailOf(b!), await opinionsOf(b!), await compare([b!, c!])];
  await opinionsOf(a!);
  t.equal((await opine(a!, 'First take on A')).status, 200);
  const aOpinions = await opinionsOf(a!);
  t.equal(aOpinions.body.opinions[0].take, 'First take on A', "A's opinions are read again");

  await changeSilently(b!, 'Changed without a version');
  t.same((await detailOf(b!)).body, bDetail.body, "B's detail is the kept answer");
  t.same((await opinionsOf(b!)).body, bOpinions.body, "B's opinions are the kept answer");
  t.same((await compare([b!, c!])).body, bcCompare.body, 'compare of B and C is the kept answer');
  const fresh = await compare([c!, b!]);
  t.ok(
    fresh.body.categories.some((cat: any) => cat.clauses[1]?.title === 'Changed without a version'),
    'another order is another answer, rendered now',
  );
});

t.test('a write about B renews every answer that shows B', async (t) => {
  t.equal((await opine(b!, 'A take on B')).status, 200);
  t.equal((await opinionsOf(b!)).body.opinions[0].take, 'A take on B');
  // The opinion renewed B's version: the silent change is now visible where B is shown.
  t.ok((await detailOf(b!)).body.clauses.every((x: any) => x.title === 'Changed without a version'));
  const compared = await compare([b!, c!]);
  t.ok(compared.body.categories.some((cat: any) => cat.clauses[0]?.title === 'Changed without a version'));
  await sql`update providers set name = 'Renamed C' where slug = ${c!}`.execute(db);
  t.equal((await compare([b!, c!])).body.providers[1].name, 'Renamed C', "a change to C's own row renews compare");
  t.equal((await detailOf(c!)).body.provider.name, 'Renamed C');
});

t.test("an agent's new name renews every provider's opinions", async (t) => {
  await opinionsOf(a!);
  await sql`update agents set name = 'Renamed agent' where name = 'Versioned'`.execute(db);
  t.equal((await opinionsOf(a!)).body.opinions[0].agent_name, 'Renamed agent');
});
