// Seeds the fictional demo providers (db/seed/) once: a provider that already exists is left as
// it is, and concurrent seeders wait on the slug's unique index, so several processes starting
// at once seed exactly once.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';
import { overallRating } from '../analysis/index.js';
import { replaceProviderProtections } from '../repositories/protections.js';

export async function seedDemoData(db: Kysely<Database>): Promise<number> {
  let created = 0;
  for (const demo of DEMO_PROVIDERS) {
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('providers')
        .values({
          slug: demo.slug,
          name: demo.name,
          domain: demo.domain,
          description: demo.description,
          tos_url: demo.tos_url,
          is_example: true,
          overall_rating: overallRating(demo.clauses.map((c) => ({ ...c, community_rating: null }))),
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      created++;
      await trx
        .insertInto('clauses')
        .values(demo.clauses.map((clause, position) => ({ ...clause, provider_id: inserted.id, position })))
        .execute();
      await replaceProviderProtections(trx, inserted.id, demo.protections);
    });
  }
  return created;
}
