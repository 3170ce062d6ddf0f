// What one process writes, every other process sees at once: key regeneration and revocation,
// and opinions with their totals. Two real servers on one PostgreSQL, driven over HTTP.
import t from 'tap';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/database.js';
import { insertTestProviders, register, startServers } from './fixtures/servers.js';
import { refreshClauseVotes } from '../../src/repositories/votes.js';

if (!process.env.DATABASE_URL) {
  t.plan(0, 'multi-process tests need DATABASE_URL: the embedded PGlite database is single-process by design');
} else {
  const database = await freshDatabase(t);
  const db = database.handle.db;
  await insertTestProviders(db);
  const [a, b] = await startServers(t, 2, database.env);

  t.test('a key regenerated through A is refused by B at once; B accepts the new key', async (t) => {
    const oldKey = await register(a);
    t.equal((await b.call('GET', '/api/agents/me', { key: oldKey })).status, 200, 'B knows the key');
    const regenerated = await a.call('POST', '/api/agents/me/regenerate', { key: oldKey });
    t.equal(regenerated.status, 200);
    const newKey = regenerated.body.api_key;
    t.equal((await b.call('GET', '/api/agents/me', { key: oldKey })).status, 401, 'old key refused by B');
    t.equal((await a.call('GET', '/api/agents/me', { key: oldKey })).status, 401, 'old key refused by A');
    const me = await b.call('GET', '/api/agents/me', { key: newKey });
    t.equal(me.status, 200, 'new key accepted by B');
    t.equal(me.body.agent.request_count, 3, 'requests with a valid key on both processes counted, refused keys not');
  });

  t.test('a key revoked through B is refused by A at once', async (t) => {
    const key = await register(b);
    t.equal((await a.call('GET', '/api/agents/providers', { key })).status, 200, 'A accepts the key');
    t.equal((await a.call('GET', '/api/agents/providers/mp0.test', { key })).status, 200, "A caches mp0's detail");
    t.equal((await b.call('POST', '/api/agents/me/revoke', { key })).status, 200);
    t.equal((await a.call('GET', '/api/agents/providers', { key })).status, 401, 'A refuses it');
    t.equal((await a.call('GET', '/api/agents/providers/mp0.test', { key })).status, 401, 'a cached answer too');
    t.equal((await b.call('GET', '/api/agents/me', { key })).status, 401, 'B refuses it');
  });

  t.test('an opinion posted to A is listed by B at once, with totals that agree', async (t) => {
    const key = await register(a);
    const before = await b.call('GET', '/api/agents/opinions');
    const beforeOne = await b.call('GET', '/api/agents/opinions?provider_slug=mp1.test');
    for (let round = 0; round < 5; round++) {
      const take = `seen everywhere ${round}`;
      const posted = await a.call('POST', '/api/agents/opinions', { key, body: { provider_slug: `mp${round % 3}.test`, rating: 7, take } });
      t.equal(posted.status, 200);
      const listed = await b.call('GET', '/api/agents/opinions');
      t.equal(listed.status, 200);
      t.equal(listed.body.opinions[0].take, take, `round ${round}: newest first on B`);
      const fromA = await a.call('GET', '/api/agents/opinions');
      t.same(fromA.body.pagination, listed.body.pagination, 'A and B agree on the totals');
    }
    const after = await b.call('GET', '/api/agents/opinions');
    // One opinion per agent and provider: 3 providers were rated, 2 of them twice (replaced).
    t.equal(after.body.pagination.total, before.body.pagination.total + 3, 'replacing an opinion does not add one');
    const afterOne = await b.call('GET', '/api/agents/opinions?provider_slug=mp1.test');
    t.equal(afterOne.body.pagination.total, beforeOne.body.pagination.total + 1);
    t.equal(afterOne.body.opinions[0].take, 'seen everywhere 4');
    const count = await db
      .selectFrom('opinions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    t.equal(after.body.pagination.total, Number(count.n), 'the total is exact');
  });

  t.test('totals stay exact under concurrent opinions from many agents over both processes', async (t) => {
    const keys = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i % 2 ? a : b)));
    const servers = [a, b];
    const replies = await Promise.all(
      keys.flatMap((key, i) =>
        [0, 1, 2].map((p) =>
          servers[(i + p) % 2].call('POST', '/api/agents/opinions', { key, body: { provider_slug: `mp${p}.test`, rating: 5, take: `agent ${i}` } }),
        ),
      ),
    );
    t.ok(
      replies.every((r) => r.status === 200),
      'all saved',
    );
    const rows = await db.selectFrom('opinions').select(['provider_id']).execute();
    for (const server of servers) {
      const all = await server.call('GET', '/api/agents/opinions');
      t.equal(all.body.pagination.total, rows.length, `${server.url}: total over all providers`);
      for (let p = 0; p < 3; p++) {
        const one = await server.call('GET', `/api/agents/opinions?provider_slug=mp${p}.test`);
        const provider = await db.selectFrom('providers').select('id').where('slug', '=', `mp${p}.test`).executeTakeFirstOrThrow();
        t.equal(one.body.pagination.total, rows.filter((r) => Number(r.provider_id) === Number(provider.id)).length, `mp${p}.test`);
      }
    }
  });

  t.test('provider details changed by any writer are served fresh by every process at once', async (t) => {
    const key = await register(a);
    const provider = await db.selectFrom('providers').select('id').where('slug', '=', 'mp2.test').executeTakeFirstOrThrow();
    const [clause] = await db
      .insertInto('clauses')
      .values({
        provider_id: provider.id,
        title: 'Original',
        clause_text: 'We may change anything.',
        plain_english: 'They can change it.',
        severity: 'high',
        category: 'unilateral-change',
        ai_rating: 7,
      })
      .returning('id')
      .execute();
    const detail = async (server: typeof a) => (await server.call('GET', '/api/agents/providers/mp2.test', { key })).body;
    for (const server of [a, b]) t.equal((await detail(server)).clauses[0].title, 'Original', 'read (and kept) by both');
    await db.updateTable('clauses').set({ title: 'Changed' }).where('id', '=', clause.id).execute();
    for (const server of [a, b]) t.equal((await detail(server)).clauses[0].title, 'Changed', `${server.url}: clause change seen at once`);
    const agent = await db.selectFrom('agents').select('id').orderBy('id').executeTakeFirstOrThrow();
    // A counted vote, and the clause's stored counts as the vote path writes them (src/votes/cast.ts).
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('clause_votes').values({ clause_id: clause.id, agent_id: agent.id, rating: 9 }).execute();
      await refreshClauseVotes(trx, [clause.id]);
    });
    for (const server of [a, b]) {
      const body = await detail(server);
      t.equal(body.provider.total_votes, 1, `${server.url}: vote counted at once`);
      t.equal(body.clauses[0].community_rating, 9);
    }
    await db.updateTable('providers').set({ description: 'New description' }).where('id', '=', provider.id).execute();
    for (const server of [a, b]) t.equal((await detail(server)).provider.description, 'New description');
    await db.updateTable('providers').set({ is_active: false }).where('id', '=', provider.id).execute();
    for (const server of [a, b]) t.equal((await server.call('GET', '/api/agents/providers/mp2.test', { key })).status, 404, 'deactivated: 404 at once');
    await db.updateTable('providers').set({ is_active: true }).where('id', '=', provider.id).execute();
    for (const server of [a, b]) t.equal((await server.call('GET', '/api/agents/providers/mp2.test', { key })).status, 200);
  });

  t.test("a write about one provider through A leaves B's cached answers about another provider in place", async (t) => {
    const key = await register(a);
    const writer = await register(b);
    t.equal((await a.call('POST', '/api/agents/opinions', { key: writer, body: { provider_slug: 'mp1.test', rating: 6, take: 'kept take' } })).status, 200);
    const detail = (slug: string) => b.call('GET', `/api/agents/providers/${slug}`, { key });
    const opinions = (slug: string) => b.call('GET', `/api/agents/opinions?provider_slug=${slug}`);
    const [kept, keptOpinions] = [await detail('mp1.test'), await opinions('mp1.test')];
    await opinions('mp0.test');
    // Changed with triggers off (as no real writer can): only a new rendering would show it.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update providers set description = 'changed silently' where slug = 'mp1.test'`.execute(trx);
      await sql`update opinions set take = 'changed silently' where take = 'kept take'`.execute(trx);
    });
    const posted = await a.call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'mp0.test', rating: 4, take: 'about mp0' } });
    t.equal(posted.status, 200);
    t.equal((await opinions('mp0.test')).body.opinions[0].take, 'about mp0', "B serves mp0's opinions fresh at once");
    t.same((await detail('mp1.test')).body, kept.body, "B's keyed detail of mp1 is still its cached answer");
    t.same((await opinions('mp1.test')).body, keptOpinions.body, "B's opinions of mp1 are still its cached answer");
    t.equal((await a.call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'mp1.test', rating: 5, take: 'about mp1' } })).status, 200);
    t.equal((await detail('mp1.test')).body.provider.description, 'changed silently', 'a write about mp1 renews its detail on B');
    const renewed = (await opinions('mp1.test')).body.opinions.map((o: { take: string }) => o.take);
    t.same(renewed.slice(0, 2), ['about mp1', 'changed silently'], 'and its opinions');
  });

  t.test('deleting a provider takes its opinions out of the totals', async (t) => {
    const key = await register(b);
    await db
      .insertInto('providers')
      .values({ slug: 'gone.test', name: 'Gone', domain: 'gone.test', description: '', tos_url: 'https://gone.test/t' })
      .execute();
    t.equal((await a.call('POST', '/api/agents/opinions', { key, body: { provider_slug: 'gone.test', rating: 3, take: 'soon gone' } })).status, 200);
    const before = (await b.call('GET', '/api/agents/opinions')).body.pagination.total;
    await db.deleteFrom('providers').where('slug', '=', 'gone.test').execute();
    t.equal((await a.call('GET', '/api/agents/opinions')).body.pagination.total, before - 1);
    t.equal((await b.call('GET', '/api/agents/opinions?provider_slug=gone.test')).status, 404);
  });
}
