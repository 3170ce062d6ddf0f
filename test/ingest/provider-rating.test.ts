// Ratings stored under an earlier formula are computed again at start-up, and only those.
import t from 'tap';
import { freshDatabase } from '../helpers/database.js';
import { refreshAllProviderRatings } from '../../src/ingest/index.js';
import { overallRating } from '../../src/analysis/index.js';

t.test('refreshAllProviderRatings rewrites stale ratings once', async (t) => {
  const { handle } = await freshDatabase(t);
  const db = handle.db;
  const { id } = await db
    .insertInto('providers')
    .values({ slug: 'stale.test', name: 'Stale', domain: 'stale.test', description: '', tos_url: 'https://stale.test/', overall_rating: 9.9 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clause = { provider_id: id, title: 'T', clause_text: 'q', plain_english: 'p', severity: 'critical' as const, category: 'arbitration', ai_rating: 9 };
  await db.insertInto('clauses').values(clause).execute();
  await db
    .insertInto('providers')
    .values({ slug: 'fresh.test', name: 'Fresh', domain: 'fresh.test', description: '', tos_url: 'https://fresh.test/', overall_rating: 1 })
    .execute();

  t.equal(await refreshAllProviderRatings(db), 1, 'only the stale rating changes');
  const stored = await db.selectFrom('providers').select('overall_rating').where('id', '=', id).executeTakeFirstOrThrow();
  t.equal(Number(stored.overall_rating), overallRating([clause]));
  t.equal(await refreshAllProviderRatings(db), 0, 'nothing left to change');
});
