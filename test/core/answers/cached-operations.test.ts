// Endpoints 2, 3 and 4 answer from rendered bytes kept in memory: the bytes are those the
// handler renders, and every change committed before a request (here written straight to the
// database, as another process or the CLI would) is in its answer, under concurrent load too.
import t from 'tap';
import { sql } from 'kysely';
import { buildTestApp } from '../../helpers/test-app.js';
import { apiClient, registerAgent } from '../../helpers/api.js';

const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true' });
const call = apiClient(t, app);
const key = await registerAgent(call);
const db = database.handle.db;
const slug = (await db.selectFrom('providers').select('slug').orderBy('id').executeTakeFirstOrThrow()).slug;

t.test('a repeated read gives the same bytes', async (t) => {
  for (const [url, withKey] of [
    [`/api/agents/providers/${slug}`, true],
    ['/api/agents/providers?per_page=3&page=2', true],
    ['/api/agents/opinions', false],
  ] as const) {
    const first = await call('GET', url, withKey ? { key } : {});
    const second = await call('GET', url, withKey ? { key } : {});
    t.equal(first.status, 200, url);
    t.same(second.body, first.body, url);
  }
});

t.test('changes written to the database are in the very next answer', async (t) => {
  const detail = () => call('GET', `/api/agents/providers/${slug}`, { key });
  await detail();
  await sql`update clauses set title = 'Changed behind the server' where id = (
    select id from clauses where provider_id = (select id from providers where slug = ${slug}) order by id limit 1)`.execute(db);
  t.ok(
    (await detail()).body.clauses.some((c: any) => c.title === 'Changed behind the server'),
    'clause title',
  );

  const list = () => call('GET', '/api/agents/providers', { key });
  const firstListed = (await list()).body.providers[0].slug;
  await db.updateTable('providers').set({ name: 'AAA Renamed behind the server' }).where('slug', '=', firstListed).execute();
  t.equal((await list()).body.providers[0].name, 'AAA Renamed behind the server', 'provider name');

  const opinions = () => call('GET', '/api/agents/opinions');
  const before = (await opinions()).body.pagination.total;
  const agent = await db.selectFrom('agents').select('id').executeTakeFirstOrThrow();
  const provider = await db.selectFrom('providers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  await db.insertInto('opinions').values({ agent_id: agent.id, provider_id: provider.id, rating: 4, take: 'Written behind the server' }).execute();
  const after = (await opinions()).body;
  t.equal(after.pagination.total, before + 1, 'opinion total');
  t.equal(after.opinions[0].take, 'Written behind the server', 'newest opinion');

  await db.updateTable('providers').set({ is_active: false }).where('slug', '=', slug).execute();
  t.equal((await detail()).status, 404, 'deactivated provider');
  await db.updateTable('providers').set({ is_active: true }).where('slug', '=', slug).execute();
  t.equal((await detail()).status, 200, 'reactivated provider');
});

t.test('under concurrent reads, every answer started after a write shows it', async (t) => {
  const reads: Promise<void>[] = [];
  const stale: string[] = [];
  for (let round = 1; round <= 15; round++) {
    const take = `round ${round}`;
    await sql`update opinions set take = ${take}, created_at = now() where id = (select max(id) from opinions)`.execute(db);
    for (let i = 0; i < 4; i++) {
      reads.push(
        call('GET', '/api/agents/opinions').then((r) => {
          if (r.body.opinions[0].take !== take) stale.push(`${take}: got ${r.body.opinions[0].take}`);
        }),
      );
    }
    await Promise.all(reads.splice(0));
  }
  t.same(stale, []);
});
