// content_version: bumped once by every committed transaction that changes what endpoints 2-4
// show, never by metering, never by a rolled-back transaction; writers never deadlock on it.
import t from 'tap';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/database.js';
import { hashApiKey, newApiKey } from '../../src/core/access/api-keys.js';
import { insertAgent } from '../../src/repositories/agents.js';
import { meterRequests } from '../../src/repositories/metering.js';

t.test('content_version', async (t) => {
  const { handle } = await freshDatabase(t);
  const { db } = handle;
  const version = async () => Number((await sql<{ v: string }>`select version as v from content_version`.execute(db)).rows[0]!.v);
  const bumps = async (what: string, change: () => Promise<unknown>, expected: number) => {
    const before = await version();
    await change();
    t.equal((await version()) - before, expected, what);
  };
  const provider = { slug: 'cv.test', name: 'CV', domain: 'cv.test', description: '', tos_url: 'https://cv.test/terms' };
  let providerId = 0;
  await bumps(
    'creating a provider',
    async () => (providerId = (await db.insertInto('providers').values(provider).returning('id').executeTakeFirstOrThrow()).id),
    1,
  );
  const keyHash = hashApiKey(newApiKey());
  const agent = await insertAgent(db, { name: 'cv', description: '', contact_url: null, model: null, key_hash: keyHash });
  await bumps(
    'metering a request (request_count, budget window)',
    () => meterRequests(handle.meteringDb, [keyHash], { bucket: 'data', limit: 9, windowSeconds: 60 }),
    0,
  );
  await bumps(
    'registering an agent',
    () => insertAgent(db, { name: 'other', description: '', contact_url: null, model: null, key_hash: hashApiKey(newApiKey()) }),
    0,
  );
  await bumps(
    'a new document version (endpoint 3 says whether the terms could be read)',
    () =>
      db
        .insertInto('document_versions')
        .values({ provider_id: providerId, text: 'Terms', sha256: 'b'.repeat(64), format: 'text', is_english: false })
        .execute(),
    1,
  );
  await bumps('renaming an agent (opinions show names)', () => db.updateTable('agents').set({ name: 'cv2' }).where('id', '=', agent.id).execute(), 1);
  await bumps(
    'an opinion, its counter and a clause in one transaction: one bump',
    () =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('opinions').values({ agent_id: agent.id, provider_id: providerId, rating: 3, take: 'x' }).execute();
        await trx
          .insertInto('clauses')
          .values({ provider_id: providerId, title: 't', clause_text: 'q', plain_english: 'p', severity: 'low', category: 'arbitration', ai_rating: 2 })
          .execute();
      }),
    1,
  );
  await bumps(
    'a protection',
    () =>
      db
        .insertInto('protections')
        .values({ provider_id: providerId, title: 't', description: 'd', impact: 'low', steps: JSON.stringify(['s']) } as any)
        .execute(),
    1,
  );
  await bumps(
    'only a provider opinion counter moving (as opinions do, already marked)',
    () => sql`update providers set opinion_count = opinion_count + 0`.execute(db),
    0,
  );
  await bumps('a provider rating', () => db.updateTable('providers').set({ overall_rating: 7 }).where('id', '=', providerId).execute(), 1);
  await bumps(
    'a rolled-back change',
    () =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('providers').set({ name: 'never' }).where('id', '=', providerId).execute();
          throw new Error('roll back');
        })
        .catch(() => undefined),
    0,
  );

  t.test(
    'writers never deadlock on content_version, whatever else they lock first',
    { skip: handle.kind !== 'postgres' && 'one connection on PGlite' },
    async (t) => {
      // Each writer changes its own clause and the same agent row (unmarked), half in each order.
      // Were the version bumped when a clause changes rather than at commit, a writer holding it
      // would wait for the agent row while the agent row's holder waits for it: a deadlock.
      const clauses = await db
        .insertInto('clauses')
        .values(
          Array.from({ length: 16 }, (_, i) => ({
            provider_id: providerId,
            title: `c${i}`,
            clause_text: 'q',
            plain_english: 'p',
            severity: 'low' as const,
            category: 'arbitration',
            ai_rating: 2,
          })),
        )
        .returning('id')
        .execute();
      const before = await version();
      const touchAgent = (trx: typeof db) => sql`update agents set request_count = request_count + 1 where id = ${agent.id}`.execute(trx);
      const results = await Promise.allSettled(
        clauses.map(({ id }, i) =>
          db.transaction().execute(async (trx) => {
            const touchClause = () =>
              trx
                .updateTable('clauses')
                .set({ title: `w${i}` })
                .where('id', '=', id)
                .execute();
            if (i % 2) {
              await touchClause();
              await new Promise((r) => setTimeout(r, 5));
              await touchAgent(trx);
            } else {
              await touchAgent(trx);
              await new Promise((r) => setTimeout(r, 5));
              await touchClause();
            }
          }),
        ),
      );
      t.same(
        results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
        [],
        'every writer committed',
      );
      t.equal((await version()) - before, clauses.length, 'one bump per writer');
    },
  );
});
