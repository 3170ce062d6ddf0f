// Budgets are exact across processes: two real servers on one PostgreSQL, a concurrent burst
// spread over both admits exactly the budget (data, opinion and registration budgets).
import t from 'tap';
import { freshDatabase } from '../helpers/database.js';
import { insertTestProviders, register, startServers, uniqueAddress } from './fixtures/servers.js';

if (!process.env.DATABASE_URL) {
  t.plan(0, 'multi-process tests need DATABASE_URL: the embedded PGlite database is single-process by design');
} else {
  const database = await freshDatabase(t);
  const db = database.handle.db;
  await insertTestProviders(db);
  const [a, b] = await startServers(t, 2, {
    ...database.env,
    RATE_LIMIT_REQUESTS_PER_HOUR: '20',
    RATE_LIMIT_OPINIONS_PER_HOUR: '5',
    RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '1',
  });
  const servers = [a, b];

  t.test('data budget: 40 simultaneous requests over two processes, exactly 20 admitted', async (t) => {
    const key = await register(a);
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => servers[i % 2].call('GET', '/api/agents/me', { key })));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    t.equal(ok.length, 20, 'admitted');
    t.equal(refused.length, 20, 'refused');
    const badRetry = refused.filter((r) => !(Number(r.headers.get('retry-after')) > 3500 && Number(r.headers.get('retry-after')) <= 3600));
    t.same(
      badRetry.map((r) => r.headers.get('retry-after')),
      [],
      'every 429 carries Retry-After within the hour',
    );
    t.ok(
      refused.every((r) => typeof r.body.error === 'string'),
      'every 429 has an {error} body',
    );
    const admittedBy = (server: number) => replies.filter((r, i) => i % 2 === server && r.status === 200).length;
    t.equal(admittedBy(0) + admittedBy(1), 20);
    const row = await db
      .selectFrom('agents')
      .select(['request_count', 'last_used_at'])
      .where('name', '=', 'Multi-process agent')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    t.equal(Number(row.request_count), 40, 'every request counted, admitted or refused');
    t.ok(row.last_used_at, 'last_used_at set');
  });

  t.test('opinion budget: 12 simultaneous opinions over two processes, exactly 5 saved', async (t) => {
    const key = await register(b, uniqueAddress(), 'Opinion agent');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        servers[i % 2].call('POST', '/api/agents/opinions', { key, body: { provider_slug: `mp${i % 3}.test`, rating: 1 + (i % 10), take: `take ${i}` } }),
      ),
    );
    t.equal(replies.filter((r) => r.status === 200).length, 5, 'admitted');
    t.equal(replies.filter((r) => r.status === 429).length, 7, 'refused');
    t.ok(
      replies.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) > 0),
      'Retry-After on every 429',
    );
    // The data budget is separate and untouched.
    t.equal((await a.call('GET', '/api/agents/me', { key })).status, 200);
  });

  t.test('registration: 10 simultaneous registrations from one address over two processes, exactly 1', async (t) => {
    const ip = uniqueAddress();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => servers[i % 2].call('POST', '/api/agents/register', { ip, body: { name: `Burst ${i}`, accept_terms: true } })),
    );
    t.equal(replies.filter((r) => r.status === 200).length, 1, 'one registration');
    t.equal(replies.filter((r) => r.status === 429).length, 9, 'the rest refused');
    const agents = await db.selectFrom('agents').select('name').where('name', 'like', 'Burst %').execute();
    t.equal(agents.length, 1, 'one agent created');
    t.equal((await b.call('POST', '/api/agents/register', { ip: uniqueAddress(), body: { name: 'Other address', accept_terms: true } })).status, 200);
  });
}
