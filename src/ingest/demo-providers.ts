// Seeds the fictional demo providers (db/seed/) once: a provider that already exists is left as
// it is, and concurrent seeders wait on the slug's unique index, so several processes starting
// at once seed exactly once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';
import { overallRating } from '../analysis/index.js';
import { insertDemoProvider } from '../repositories/provider-admin.js';
import { replaceProviderProtections } from '../repositories/protections.js';
import { refreshTermsState } from './terms-state.js';

export async function seedDemoData(db: Kysely<Database>): Promise<number> {
  let created = 0;
  for (const demo of DEMO_PROVIDERS) {
    await db.transaction().execute(async (trx) => {
      const provider = {
        slug: demo.slug,
        name: demo.name,
        domain: demo.domain,
        description: demo.description,
        tos_url: demo.tos_url,
        is_example: true,
        overall_rating: overallRating(demo.clauses.map((c) => ({ ...c, community_rating: null }))),
      };
      const id = await insertDemoProvider(trx, provider, demo.clauses);
      if (id === null) return;
      created++;
      await replaceProviderProtections(trx, id, demo.protections);
      await refreshTermsState(trx, id); // rated from its hand-entered clauses
    });
  }
  return created;
}
