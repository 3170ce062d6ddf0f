// Metering a batch of keyed requests in one statement: counts and budgets come out exactly as one
// request at a time would leave them, including several batches at once on the same keys.
import t from 'tap';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/database.js';
import { hashApiKey, newApiKey } from '../../src/core/access/api-keys.js';
import { insertAgent } from '../../src/repositories/agents.js';
import { meterRequests } from '../../src/repositories/metering.js';
import type { BudgetRule } from '../../src/repositories/rate-limits.js';

const rule: BudgetRule = { bucket: 'data', limit: 5, windowSeconds: 3600 };

t.test('metering batches', async (t) => {
  const { handle } = await freshDatabase(t);
  const db = handle.meteringDb;
  const agents = await Promise.all(
    ['alpha', 'beta', 'gamma'].map(async (name) => {
      const keyHash = hashApiKey(newApiKey());
      const row = await insertAgent(handle.db, { name, description: '', contact_url: null, model: 'm-1', key_hash: keyHash });
      return { id: row.id, keyHash };
    }),
  );
  const [alpha, beta, gamma] = agents as [(typeof agents)[0], (typeof agents)[0], (typeof agents)[0]];
  const usage = async (id: number) =>
    (
      await sql<{ request_count: number; used: number | null }>`
      select a.request_count::int, case when a.data_window_start is null then null else a.data_used end as used
      from agents a where a.id = ${id}`.execute(handle.db)
    ).rows[0];

  t.test('one result per request, in order; unknown and revoked keys get null', async (t) => {
    await handle.db.updateTable('agents').set({ is_active: false }).where('id', '=', gamma.id).execute();
    const unknown = hashApiKey(newApiKey());
    const results = await meterRequests(db, [alpha.keyHash, unknown, beta.keyHash, gamma.keyHash, alpha.keyHash], rule);
    t.same(
      results.map((r) => r?.agent.name ?? null),
      ['alpha', null, 'beta', null, 'alpha'],
    );
    t.same(
      results.map((r) => r?.budget?.remaining ?? null),
      [4, null, 4, null, 3],
      'the second request of a key sees the budget after the first',
    );
    t.ok(results.every((r) => r === null || r.budget?.admitted));
    t.equal(typeof results[0]!.contentVersion, 'number');
    t.same(await usage(alpha.id), { request_count: 2, used: 2 });
    t.same(await usage(gamma.id), { request_count: 0, used: null }, 'a revoked key is not counted');
  });

  t.test('a batch that asks for more than the window holds gets exactly what is left', async (t) => {
    const results = await meterRequests(db, Array(6).fill(beta.keyHash), rule);
    t.same(
      results.map((r) => r!.budget!.admitted),
      [true, true, true, true, false, false],
      'beta had 4 units left',
    );
    t.same(
      results.map((r) => r!.budget!.remaining),
      [3, 2, 1, 0, 0, 0],
    );
    t.ok(results.every((r) => r!.budget!.resetSeconds >= 3590 && r!.budget!.resetSeconds <= 3600));
    t.same(await usage(beta.id), { request_count: 7, used: 5 }, 'refused requests still count');
  });

  t.test('without a budget rule only the counts move', async (t) => {
    const [result] = await meterRequests(db, [beta.keyHash], null);
    t.equal(result!.budget, null);
    t.same(await usage(beta.id), { request_count: 8, used: 5 });
  });

  t.test('an expired window opens again with this batch', async (t) => {
    await sql`update agents set data_window_start = now() - interval '2 hours' where id = ${beta.id}`.execute(handle.db);
    const results = await meterRequests(db, [beta.keyHash, beta.keyHash], rule);
    t.same(
      results.map((r) => r!.budget!.remaining),
      [4, 3],
    );
    t.same(await usage(beta.id), { request_count: 10, used: 2 });
  });

  t.test('a window opened after this statement began is never more than the window away', async (t) => {
    // What a statement that waited on the row's lock sees: the window was opened by a later
    // transaction, at a now() after its own. Retry-After must still be at most the window.
    await sql`update agents set data_window_start = now() + interval '3 seconds', data_used = 5 where id = ${beta.id}`.execute(handle.db);
    const [refused] = await meterRequests(db, [beta.keyHash], rule);
    t.equal(refused!.budget!.admitted, false);
    t.equal(refused!.budget!.resetSeconds, 3600, 'clamped to the window, not 3603');
    await sql`update agents set data_used = 1 where id = ${beta.id}`.execute(handle.db);
    const [admitted] = await meterRequests(db, [beta.keyHash], rule);
    t.equal(admitted!.budget!.admitted, true);
    t.equal(admitted!.budget!.resetSeconds, 3600);
  });

  t.test('each bucket has its own window on the agent row', async (t) => {
    const opinionRule: BudgetRule = { bucket: 'opinion', limit: 2, windowSeconds: 3600 };
    const results = await meterRequests(db, [alpha.keyHash, alpha.keyHash, alpha.keyHash], opinionRule);
    t.same(
      results.map((r) => r!.budget!.admitted),
      [true, true, false],
    );
    const row = (await sql<{ data_used: number; opinion_used: number }>`select data_used, opinion_used from agents where id = ${alpha.id}`.execute(handle.db))
      .rows[0];
    t.same(row, { data_used: 2, opinion_used: 2 }, 'the data window is untouched by opinions');
    await t.rejects(meterRequests(db, [alpha.keyHash], { bucket: 'registration', limit: 1, windowSeconds: 60 }), /no agent budget bucket/);
  });

  t.test('concurrent batches on the same keys never admit more than the budget', async (t) => {
    const fresh = await insertAgent(handle.db, { name: 'delta', description: '', contact_url: null, model: null, key_hash: hashApiKey(newApiKey()) });
    const keys = [fresh.key_hash, alpha.keyHash];
    const batches = await Promise.all(Array.from({ length: 8 }, () => meterRequests(db, [...keys, ...keys], rule)));
    const admitted = (name: string) => batches.flat().filter((r) => r?.agent.name === name && r.budget?.admitted).length;
    t.equal(admitted('delta'), 5, 'delta: its whole budget, no more');
    t.equal(admitted('alpha'), 3, 'alpha: the 3 units it had left');
    t.same(await usage(fresh.id), { request_count: 16, used: 5 });
    t.same(await usage(alpha.id), { request_count: 21, used: 5 }, '2 + 3 opinion-metered + 16');
  });

  t.test("the same statement reads the named providers' content versions, after the batch arrived", async (t) => {
    const inserted = await handle.db
      .insertInto('providers')
      .values(['one', 'two'].map((n) => ({ slug: `${n}.metered`, name: n, domain: `${n}.metered`, description: '', tos_url: `https://${n}.metered/t` })))
      .returning(['id', 'slug'])
      .execute();
    const current = async () =>
      new Map(
        (
          await sql<{ slug: string; v: number }>`select slug, content_version::float8 as v from providers where slug like '%.metered'`.execute(handle.db)
        ).rows.map((r) => [r.slug, Number(r.v)]),
      );
    const slugs = ['one.metered', 'two.metered', 'nobody.metered'];
    const [first, unknown, second] = await meterRequests(db, [alpha.keyHash, hashApiKey(newApiKey()), beta.keyHash], null, slugs);
    t.equal(unknown, null, 'an unknown key is still refused');
    t.same(first!.providerVersions, await current(), 'the versions of the providers that exist; none for an unknown slug');
    t.equal(second!.providerVersions, first!.providerVersions, 'one map for the batch');
    await handle.db.updateTable('providers').set({ description: 'changed' }).where('id', '=', inserted[0]!.id).execute();
    const [after] = await meterRequests(db, [alpha.keyHash], null, slugs);
    t.ok(after!.providerVersions.get('one.metered')! > first!.providerVersions.get('one.metered')!, 'a change to one moves its version');
    t.equal(after!.providerVersions.get('two.metered'), first!.providerVersions.get('two.metered'), 'and leaves the other');
    const [none] = await meterRequests(db, [alpha.keyHash], null);
    t.equal(none!.providerVersions.size, 0, 'no slugs, no versions');
  });
});
